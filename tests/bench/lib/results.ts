import type { MachineInfo } from './machine';
import type { Summary } from './stats';

/** A part of the benchmark that could not run, and why. */
export interface NotRun {
  error: string;
}

/** Timings for one cache size. */
export interface RenderSizeResult {
  animals: number;
  /** Navigation start to the first rows drawn. */
  load: Summary;
  /** Navigation start to the Animals table drawn, before its rows: the app's start-up share of {@link load}. */
  shell: Summary;
  /** Status filter `change` event to the filtered rows drawn: first visit of each status after a load. */
  filter: Summary;
  /** The same, switching to each status a second time on the same page (warm caches). */
  filterRepeat: Summary;
  /** Where {@link load} went: ms from navigation start to each start-up milestone. */
  phases: StartupPhases<Summary>;
}

/** Start-up milestones of one load, ms from navigation start (see `page-probe.ts`). */
export interface StartupPhases<T = number> {
  /** The page's HTML received (`responseEnd`). */
  html: T;
  /** Every module of the entry evaluated (`kennel:modules-run` in `main.ts`). */
  modulesRun: T;
  /** Vue's mount begins (`kennel:mount`), once the language's catalogue is in. */
  mount: T;
  /** Vue's mount done (`kennel:mounted`), before the browser draws it. */
  mounted: T;
}

/** JS heap of the page with the largest cache loaded. */
export interface HeapResult {
  animals: number;
  /** Megabytes of 10^6 bytes, the unit of the target. */
  usedMB: number;
  method: string;
}

/**
 * Navigation start to the first frame, in the list's tab, of two pages that
 * are not Kennel (`render/floor-pages.ts`).
 */
export interface FloorResult {
  /** An empty page: the part of every list load no app code can remove. */
  empty: Summary | NotRun;
  /** Vue's runtime alone drawing {@link FloorResult.vueRows} table rows: what any Vue app pays. */
  vue: Summary | NotRun;
  /** How many rows the Vue page draws. */
  vueRows: number;
}

export interface RenderResult {
  /** How the service was arranged so network refresh cannot interfere. */
  service: string;
  sizes: RenderSizeResult[];
  /** Not targets: what the list's figure can be read against. */
  floor: FloorResult;
  heap: HeapResult | NotRun;
  budget: BudgetResult | NotRun;
}

/** The scripts loaded before the first rows, as built and gzipped. */
export interface BudgetResult {
  files: { file: string; bytes: number; gzipBytes: number }[];
  totalBytes: number;
  totalGzipBytes: number;
  /** The libraries only some screens need, and what each adds when first used. */
  libraries: LibraryResult[];
}

/** A library loaded on demand (`build/vite/library-chunks.ts`). */
export interface LibraryResult {
  name: string;
  /** Its own chunk. */
  file: string;
  /** Its chunk and what it imports that the first rows had not fetched. */
  bytes: number;
  gzipBytes: number;
  /** Its chunk was fetched before the first rows: it should not be. */
  beforeFirstRows: boolean;
}

/** Keystroke timings of one search query at one cache size. */
interface SearchQueryResult {
  /** What kind of search it stands for ("prefix, 1 letter", "exact id", …). */
  kind: string;
  /** The whole query; its last character is the timed keystroke. */
  text: string;
  /** Animals the list shows for it. */
  matches: number;
  keystroke: Summary;
}

/** Search timings for one cache size. */
export interface SearchSizeResult {
  animals: number;
  /** Navigation start to the first rows drawn, on the loads the search was timed after. */
  firstRows: Summary;
  /** One character typed into the search box (`keydown`) to the matching rows drawn: every query. */
  keystroke: Summary;
  /** The same for the first keystroke after a load (a 1-letter prefix into the empty box). */
  firstSearch: Summary;
  /** Navigation start to the count line drawn, i.e. the catalogue index built. */
  indexReady: Summary;
  /** The same, less the time to the first rows: the build itself. */
  indexAfterRows: Summary;
  /**
   * Per load, the longest task of the window's thread between the first rows
   * and the count line (0 when none reached 50 ms, the shortest reported).
   */
  indexLongestTask: Summary;
  queries: SearchQueryResult[];
}

/** What the list and its search cost at one size, measured the same way with records and without. */
export interface RecordsMeasures {
  /** Navigation start to the first rows drawn. */
  firstRows: Summary;
  /** Keystroke to rows over the queries timed without records too (names, an id). */
  keystroke: Summary;
  indexReady: Summary;
  indexLongestTask: Summary;
}

/** The list and search with an intake record for every animal, next to the same without. */
export interface SearchRecordsResult {
  animals: number;
  /** What each seeded record holds. */
  record: string;
  without: RecordsMeasures;
  with: RecordsMeasures;
  /** With records: every query, those that find a chip or a kennel too. */
  queries: SearchQueryResult[];
}

export interface SearchResult {
  /** How the service was arranged so network refresh cannot interfere. */
  service: string;
  sizes: SearchSizeResult[];
  /** At one size, the same again with an intake record per animal; absent when not asked for. */
  records?: SearchRecordsResult;
}

/** Spreadsheet import timings for one file size; every time is in the page, from the file input's `change`. */
export interface ImportSizeResult {
  /** Rows after the heading row, one animal each. */
  animals: number;
  /** Rows in the file, the heading row included (what the import's cap counts). */
  fileRows: number;
  fileKB: number;
  /** To the frame showing "N ready to add." (rows read, checked by the rules, first page drawn). */
  preview: Summary;
  /** To the frame showing the rows checked against the animals already on this computer. */
  checked: Summary;
  /** The longest task on the window's thread in that time, per run (0 when none reached 50 ms). */
  longestTask: Summary;
  /** All long tasks' time added up, per run. */
  longTaskTotal: Summary;
  /** How many long tasks, per run. */
  longTasks: Summary;
  /** Runs with keys typed meanwhile; timed apart from the others, since typing adds work. */
  typingRuns: number;
  /** A key typed into another field meanwhile, to its character drawn; null when no key was timed. */
  keystroke: Summary | null;
}

export interface ImportResult {
  /** What the profile held while importing. */
  cache: string;
  /** The import's row cap (`IMPORT_MAX_ROWS`), heading row included. */
  cap: number;
  sizes: ImportSizeResult[];
}

/** A record's photo taken in: a phone's photo chosen in the add form's photo picker. */
export interface PhotoResult {
  /** Where it was measured. */
  page: string;
  /** The photo taken in: its size in pixels, its seed, and its bytes as a JPEG. */
  input: { width: number; height: number; seed: number; bytes: number };
  /** Untimed shrinks before the timed ones. */
  warmups: number;
  /** Each shrink, from the file input's change to the frame showing the photo ready. */
  ms: Summary;
  /** The photo each animal kept, in bytes, as the app stored it. */
  outputBytes: number[];
  /** The photos' sizes in pixels, each told once ("800 × 600"). */
  outputSizes: string[];
  /** The longest task of the window's thread during the timed shrinks; 0 when none took 50 ms. */
  longestMainThreadTaskMs: number;
  /** How many tasks of 50 ms or more the window's thread ran meanwhile. */
  longTasks: number;
}

/** One step of the desk file over its runs: timed in the page, the heap sampled meanwhile. */
export interface DeskFileStep {
  /** Its click or the file chosen, to the frame showing it done. */
  ms: Summary;
  /** Each run's longest task of the window's thread (0 when none took 50 ms). */
  longestTaskMs: Summary;
  /** Each run's tasks of 50 ms or more (a count, not ms). */
  longTasks: Summary;
  /** Each run's highest used JS heap while the step ran, MB above the desk's own before it. */
  peakAboveMB: Summary;
  /** The same for ArrayBuffers' backing stores, outside the JS heap; null when not reported. */
  backingPeakAboveMB: Summary | null;
  /** Each run's JS heap once the step was done and collected, MB above the same: what it keeps. */
  afterAboveMB: Summary;
  /**
   * One more run, with the heap collected before every sample (every 250 ms):
   * the most the step held alive, MB above the same. The rest of the peak is
   * garbage not collected yet.
   */
  liveAboveMB: number;
  /** Each run's longest animation frame and the scripts that took most of it. */
  longestFrames: string[];
}

/** A desk of animals with records and photos saved to a desk file, and opened on an empty desk. */
export interface DeskFileResult {
  /** Where it was measured. */
  page: string;
  /** What the saved desk holds. */
  desk: string;
  animals: number;
  /** What each animal's record and photo are. */
  record: string;
  /** The photos' JPEG bytes: the smallest, the largest, all together. */
  photoBytes: { smallest: number; largest: number; total: number };
  /** The desk file's size. */
  fileBytes: number;
  /** Saves, and opens (each by a new, empty desk). */
  runs: number;
  /** How the heap was read. */
  heapMethod: string;
  /** The desk's own used JS heap before each step, MB, after a collection: desk A with its animals, empty desk B. */
  baselineMB: { save: Summary; open: Summary };
  /** "Save this desk to a file" clicked, to the frame saying "Saved as …" (the download offered). */
  save: DeskFileStep;
  /** The file chosen in "Open a desk file", to the frame showing what it holds and the two ways. */
  read: DeskFileStep;
  /** "This computer replaces the one that saved it", to the frame saying "Taken: …"; heap above the same baseline as {@link read}. */
  take: DeskFileStep;
  /** What desk B's database held after the last open: checked equal to desk A's. */
  taken: { records: number; photos: number; photoBytes: number };
}

/** One way of draining the same queue of new animals against the same plan. */
export interface DrainRun {
  client: string;
  queued: number;
  created: number;
  /** Queued animals the service never created. */
  lost: number;
  /** Animals the service created more than once. */
  duplicated: number;
  /** Every request the service saw from this client, including rejected ones. */
  requests: number;
  rateLimited: number;
  bans: number;
  /** Responses by HTTP status, as the service counted them. */
  byStatus: Record<string, number>;
  durationMs: number;
  /** Requests sent per second over the whole drain. */
  sentPerSecond: number;
  /** Distinct animals created per second over the whole drain. */
  createdPerSecond: number;
  /** {@link createdPerSecond} as a percentage of the plan's rate. */
  ofPlanPercent: number;
  /** {@link createdPerSecond} as a percentage of the safe ceiling (see {@link DrainResult}). */
  ofCeilingPercent: number;
}

export interface DrainResult {
  plan: { limit: number; windowMs: number; perSecond: number };
  /** Added by the service before every answer; 0 on loopback. */
  latencyMs: number;
  /**
   * The safe ceiling: min(the window's limit ÷ its length, 3 ÷ the round
   * trip), what three requests of a key on the wire (the governor's cap) can
   * carry within the plan. The plan's rate on loopback.
   */
  ceilingPerSecond: number;
  engine: DrainRun | NotRun;
  naive: DrainRun | NotRun;
}

/** Several desks on one API key, each its own core and outbox, draining at the same moment. */
export interface DesksResult {
  plan: { limit: number; windowMs: number; perSecond: number };
  desks: number;
  animalsPerDesk: number;
  /** When each desk had nothing left waiting, seconds from the common start. */
  deskSeconds: number[];
  /** All desks together, as the service recorded them; its duration is the last desk's. */
  run: DrainRun;
  /** The plan's rate: three desks share one window. */
  ceilingPerSecond: number;
}

/** The lossless parser on one page of exactly the client's limit. */
export interface ParseResult {
  /** What fills the page ("100 animals, long names", …). */
  shape: string;
  bytes: number;
  ms: Summary;
}

/** A list page far larger than the specification allows, sent to the Kennel core. */
export interface AnswersResult {
  /** Body bytes the service offers for each list page. */
  answerBytes: number;
  /** The most the client reads of a list page (`ANSWER_LIMITS.petsPage`). */
  limitBytes: number;
  /** Untimed runs before the timed ones. */
  warmups: number;
  /** Each timed run's result as error kind / code ("succeeded" when it did not fail), counted. */
  outcomes: Record<string, number>;
  /** How each timed run's connection ended ("closed by the client", …), counted. */
  connections: Record<string, number>;
  /** `listPets` dispatched to its result. */
  failMs: Summary;
  /** Body bytes the service had handed to the connection when it closed (bytes, not ms). */
  writtenBytes: Summary;
  /** List requests the service saw, warm-ups included: one per dispatch unless one was sent again. */
  requests: number;
  dispatches: number;
  /** Requests for anything but the list, which the service answered 404. */
  unexpected: string[];
  /** The process's resident set in MB of 10^6 bytes (not ms). */
  rssMB: {
    /** Just before the dispatch. */
    before: Summary;
    /** The moment the result came back. */
    failed: Summary;
    /** Once the connection closed and the process settled (see {@link memory}). */
    after: Summary;
  };
  /** How memory was settled before {@link rssMB} `before` and `after` were read. */
  memory: string;
  /** Not targets: the longest one answer the client does read can hold the main process. */
  parse: ParseResult[];
}

export type Verdict = 'PASS' | 'MISS' | 'NOT RUN';

export interface TargetResult {
  target: string;
  goal: string;
  measured: string;
  /** What the figure is read against, measured in the same run, when the goal is a ratio. */
  floor?: string;
  /** The figure over its floor. */
  ratio?: string;
  verdict: Verdict;
}

/** Sending again after a Wi-Fi sign-in page goes away, one desk, several runs. */
export interface PortalResult {
  runs: number;
  /** How long the page stood in front of the service in each run. */
  pageSeconds: number;
  animals: number;
  /** Per run: from the page going away to the first animal on the service. */
  resumeSeconds: number[];
  /** Per run: from the page going away to nothing waiting. */
  sentSeconds: number[];
}

/** Everything one `npm run bench` produced; written to `bench-results/latest.json`. */
export interface BenchResults {
  machine: MachineInfo;
  render: RenderResult | NotRun;
  search: SearchResult | NotRun;
  import: ImportResult | NotRun;
  photo: PhotoResult | NotRun;
  deskFile: DeskFileResult | NotRun;
  drain: DrainResult | NotRun;
  /**
   * The drain again with a round trip like a real service's, through windows
   * of 1 s, 6 s and 60 s: the pace is what each window allows, whatever its length.
   */
  network: (DrainResult | NotRun)[] | NotRun;
  desks: DesksResult | NotRun;
  portal: PortalResult | NotRun;
  answers: AnswersResult | NotRun;
  targets: TargetResult[];
}

/** Narrows a section to the case where it could not run. */
export function isNotRun(value: object): value is NotRun {
  return 'error' in value;
}
