import { mkdir, rename, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import {
  isNotRun,
  type AnswersResult,
  type BenchResults,
  type BudgetResult,
  type DeskFileResult,
  type DeskFileStep,
  type DrainResult,
  type DrainRun,
  type ImportResult,
  type FloorResult,
  type NotRun,
  type PhotoResult,
  type RecordsMeasures,
  type SearchRecordsResult,
  type SearchResult,
} from './results';
import { summarize, type Summary } from './stats';

type Table = { headers: string[]; rows: string[][] };
/** `note` is printed above the table, `footnote` below it. */
type Section = { title: string; table: Table | NotRun; note?: string; footnote?: string };

function plainTable({ headers, rows }: Table): string {
  const widths = headers.map((h, i) => Math.max(h.length, ...rows.map((r) => (r[i] ?? '').length)));
  const line = (cells: string[]): string =>
    cells
      .map((c, i) => c.padEnd(widths[i] ?? 0))
      .join('  ')
      .trimEnd();
  return [line(headers), line(widths.map((w) => '-'.repeat(w))), ...rows.map(line)].join('\n');
}

function markdownTable({ headers, rows }: Table): string {
  const line = (cells: string[]): string => `| ${cells.join(' | ')} |`;
  return [line(headers), line(headers.map(() => '---')), ...rows.map(line)].join('\n');
}

const fixed = (n: number): string => n.toFixed(1);

const count = (n: number): string => n.toLocaleString('en-US');

/** The lines under the list table that say how much of its loads is the browser's and Vue's own. */
function floorLines(floor: FloorResult): string {
  const line = (what: string, summary: Summary | NotRun, after: string): string =>
    isNotRun(summary)
      ? `${what}: not measured: ${summary.error}`
      : `${what}: median ${fixed(summary.median)} ms, p95 ${fixed(summary.p95)} ms over ${summary.runs.length} loads; ${after}`;
  return [
    line(
      'Empty page on this machine (navigation start to its first frame)',
      floor.empty,
      "the list's figures include it.",
    ),
    line(
      `Vue's runtime alone drawing ${floor.vueRows} table rows held in memory (navigation start to that frame)`,
      floor.vue,
      'any Vue app pays it before its first rows.',
    ),
  ].join('\n\n');
}

function searchSections(search: SearchResult | NotRun): Section[] {
  if (isNotRun(search)) return [{ title: 'Search', table: search }];
  const first = search.sizes[0];
  return [
    {
      title: 'Search (ms, in the page)',
      note: `Service: ${search.service}. Keystroke: one character typed into the focused Search box, from its keydown to the frame showing the matching rows; ${first?.keystroke.runs.length ?? 0} per size over ${first?.queries.length ?? 0} queries, after an untimed pass over each. First search: the first keystroke after a load, ${first?.firstSearch.runs.length ?? 0} per size. Index ready: navigation start to the count line drawn. Longest task while indexing: per load, the longest task of the window's thread between the first rows and the count line (0 when none took 50 ms).`,
      table: {
        headers: [
          'animals',
          'keystroke median',
          'keystroke p95',
          'first search median',
          'first search p95',
          'index ready median',
          'index ready p95',
          'index after first rows (median)',
          'longest task while indexing (median)',
          'longest task while indexing (max)',
        ],
        rows: search.sizes.map((s) => [
          count(s.animals),
          fixed(s.keystroke.median),
          fixed(s.keystroke.p95),
          fixed(s.firstSearch.median),
          fixed(s.firstSearch.p95),
          fixed(s.indexReady.median),
          fixed(s.indexReady.p95),
          fixed(s.indexAfterRows.median),
          fixed(s.indexLongestTask.median),
          fixed(s.indexLongestTask.max),
        ]),
      },
    },
    {
      title: 'Search by query (ms, in the page)',
      note: 'The last character of each query is the timed keystroke; the rest is typed first, untimed.',
      table: {
        headers: ['animals', 'query', 'typed', 'matches', 'median', 'p95'],
        rows: search.sizes.flatMap((s) =>
          s.queries.map((q) => [
            count(s.animals),
            q.kind,
            `"${q.text}"`,
            count(q.matches),
            fixed(q.keystroke.median),
            fixed(q.keystroke.p95),
          ]),
        ),
      },
    },
    ...recordsSections(search.records),
  ];
}

/** The list and search with an intake record per animal, next to the same without. */
function recordsSections(records: SearchRecordsResult | undefined): Section[] {
  if (records === undefined) return [];
  const row = (what: string, pick: (m: RecordsMeasures) => Summary): string[] => {
    const without = pick(records.without);
    const withThem = pick(records.with);
    return [
      what,
      fixed(without.median),
      fixed(without.p95),
      fixed(withThem.median),
      fixed(withThem.p95),
      without.median > 0 ? `${(withThem.median / without.median).toFixed(2)}x` : '—',
    ];
  };
  const n = count(records.animals);
  return [
    {
      title: `Search with an intake record per animal, ${n} animals (ms, in the page)`,
      note: `Each animal has a record: ${records.record}. Records are seeded into the app's records table with the app's own chip normalisation and read-back check. Measured in the same rounds as ${n} animals without records, in turn first and second; ${records.with.firstRows.runs.length} loads to the first rows each way, the search's loads and more. Keystroke: the queries timed without records too (names, an id), ${records.with.keystroke.runs.length} each way; with records a search also looks in chips and kennels.`,
      table: {
        headers: ['', 'without median', 'without p95', 'with median', 'with p95', 'ratio'],
        rows: [
          row('first rows', (m) => m.firstRows),
          row('search keystroke to rows', (m) => m.keystroke),
          row('index ready', (m) => m.indexReady),
          row('longest task while indexing', (m) => m.indexLongestTask),
        ],
      },
    },
    {
      title: `Search by query with an intake record per animal, ${n} animals (ms, in the page)`,
      note: 'Matches count the animals found by name, id, chip or kennel.',
      table: {
        headers: ['query', 'typed', 'matches', 'median', 'p95'],
        rows: records.queries.map((q) => [
          q.kind,
          `"${q.text}"`,
          count(q.matches),
          fixed(q.keystroke.median),
          fixed(q.keystroke.p95),
        ]),
      },
    },
  ];
}

function importSection(imported: ImportResult | NotRun): Section {
  const title = 'Spreadsheet import (ms, in the page)';
  if (isNotRun(imported)) return { title, table: imported };
  const first = imported.sizes[0];
  const typing = first?.typingRuns ?? 0;
  const keys = (s: ImportResult['sizes'][number], pick: 'median' | 'max'): string =>
    s.keystroke === null ? 'n/a' : fixed(s.keystroke[pick]);
  return {
    title,
    note: `Cache: ${imported.cache}. A CSV file (a heading row, then name, category and status) chosen on the Import view's file input; times from its change event to the frame showing "N ready to add." (rows shown) and then the rows checked against the cache. Long tasks: the window's thread, 50 ms or more, between the choice and the check; the longest per run. ${first?.preview.runs.length ?? 0} runs per size, each on a freshly loaded page. Keys: typed into the paste box every 50 ms during ${typing} other run${typing === 1 ? '' : 's'} per size, from the key's own time stamp (so waiting for a busy thread counts) to its character drawn. The import's cap is ${count(imported.cap)} rows, heading included.`,
    table: {
      headers: [
        'rows',
        'file KB',
        'rows shown median',
        'rows shown p95',
        'checked median',
        'checked p95',
        'longest task median',
        'longest task max',
        'long tasks total median',
        'keys',
        'keystroke median',
        'keystroke max',
      ],
      rows: imported.sizes.map((s) => [
        count(s.animals),
        fixed(s.fileKB),
        fixed(s.preview.median),
        fixed(s.preview.p95),
        fixed(s.checked.median),
        fixed(s.checked.p95),
        fixed(s.longestTask.median),
        fixed(s.longestTask.max),
        fixed(s.longTaskTotal.median),
        String(s.keystroke?.runs.length ?? 0),
        keys(s, 'median'),
        keys(s, 'max'),
      ]),
    },
  };
}

function photoSection(photo: PhotoResult | NotRun): Section {
  const title = 'A record’s photo taken in (ms, in the page)';
  if (isNotRun(photo)) return { title, table: photo };
  const { input } = photo;
  const kB = (bytes: number): string => (bytes / 1024).toFixed(1);
  return {
    title,
    note: `Page: ${photo.page}. A ${input.width} × ${input.height} JPEG of ${count(input.bytes)} bytes (seed ${input.seed}) chosen ${photo.ms.runs.length} times one after another, after ${photo.warmups} untimed, and shrunk by the photo picker: read, decoded, drawn at most 800 px on the long side and encoded as a JPEG of about 100 KB, in the photo's worker. Times from the file input's change to the frame showing the photo ready. Long tasks: the window's thread, 50 ms or more, overlapping a timed shrink. Size and bytes: the photo each animal kept, read back from the app's database.`,
    table: {
      headers: [
        'median',
        'worst',
        'photo',
        'KiB (median)',
        'KiB (largest)',
        'long tasks',
        'longest main-thread task',
      ],
      rows: [
        [
          fixed(photo.ms.median),
          fixed(photo.ms.max),
          photo.outputSizes.join(', '),
          kB(summarize(photo.outputBytes).median),
          kB(Math.max(...photo.outputBytes)),
          String(photo.longTasks),
          fixed(photo.longestMainThreadTaskMs),
        ],
      ],
    },
  };
}

/** Saving a desk file and opening it on an empty desk, step by step. */
function deskFileSection(deskFile: DeskFileResult | NotRun): Section {
  const title = 'The desk file saved and opened (ms and MB, in the page)';
  if (isNotRun(deskFile)) return { title, table: deskFile };
  const { photoBytes } = deskFile;
  const mb = (bytes: number): string => (bytes / 1e6).toFixed(1);
  const kb = (bytes: number): string => (bytes / 1000).toFixed(0);
  const backing = (step: DeskFileStep): string =>
    step.backingPeakAboveMB === null ? 'n/a' : fixed(step.backingPeakAboveMB.max);
  const row = (what: string, step: DeskFileStep, baseline: string): string[] => [
    what,
    fixed(step.ms.median),
    fixed(step.ms.max),
    fixed(step.longestTaskMs.max),
    String(step.longTasks.max),
    baseline,
    fixed(step.peakAboveMB.median),
    fixed(step.peakAboveMB.max),
    fixed(step.liveAboveMB),
    fixed(step.afterAboveMB.max),
    backing(step),
  ];
  const frames = (what: string, step: DeskFileStep): string =>
    `${what}: ${step.longestFrames.join('; ')}`;
  return {
    title,
    note: `Page: ${deskFile.page}. Desk A: ${count(deskFile.animals)} ${deskFile.desk}; ${deskFile.record}. Photos ${kb(photoBytes.smallest)} to ${kb(photoBytes.largest)} KB, ${mb(photoBytes.total)} MB in all; the file ${mb(deskFile.fileBytes)} MB. ${deskFile.runs} runs of each step. Save: "Save this desk to a file" clicked, to the frame saying "Saved as …" (the download offered in the same task). Read: the file chosen in "Open a desk file", to the frame showing what it holds and the two ways. Take: "This computer replaces the one that saved it", to the frame saying "Taken: …"; desk B then held ${count(deskFile.taken.records)} records and ${count(deskFile.taken.photos)} photos (${mb(deskFile.taken.photoBytes)} MB), as desk A. Long tasks: the window's thread, 50 ms or more, overlapping the step. Heap: ${deskFile.heapMethod}; peak and after are MB above the desk's own before the step (read and take: empty desk B before the file was chosen). Held alive: one more run of each step with the heap collected before every sample, so what the step keeps alive; the rest of the peak is garbage V8 had not collected yet. Backing stores: ArrayBuffers outside the JS heap, peak above the same.`,
    table: {
      headers: [
        'step',
        'median',
        'worst',
        'longest task (worst run)',
        'long tasks (worst run)',
        "desk's own heap (MB)",
        'peak heap above (median)',
        'peak heap above (worst)',
        'held alive above (collected run)',
        'kept after (worst)',
        'backing stores peak above (worst)',
      ],
      rows: [
        row('save', deskFile.save, fixed(deskFile.baselineMB.save.median)),
        row('open: read', deskFile.read, fixed(deskFile.baselineMB.open.median)),
        row('open: take (replace)', deskFile.take, fixed(deskFile.baselineMB.open.median)),
      ],
    },
    footnote: `Longest animation frame of each run and the scripts that took most of it: ${[
      frames('save', deskFile.save),
      frames('read', deskFile.read),
      frames('take', deskFile.take),
    ].join('. ')}.`,
  };
}

function tables(results: BenchResults): Section[] {
  const { render, drain } = results;
  const out: Section[] = [];

  if (isNotRun(render)) {
    out.push({ title: 'List rendering', table: render });
  } else {
    out.push({
      title: 'List rendering (ms, in the page)',
      note: `Service: ${render.service}. Runs per size: ${render.sizes[0]?.load.runs.length ?? 0} loads, ${render.sizes[0]?.filter.runs.length ?? 0} filter switches (first visit of each status after a load), as many again ("filter again": each status a second time).`,
      table: {
        headers: [
          'animals',
          'load median',
          'load p95',
          'filter median',
          'filter p95',
          'filter again median',
          'filter again p95',
          'table shown (median)',
        ],
        rows: render.sizes.map((s) => [
          s.animals.toLocaleString('en-US'),
          fixed(s.load.median),
          fixed(s.load.p95),
          fixed(s.filter.median),
          fixed(s.filter.p95),
          fixed(s.filterRepeat.median),
          fixed(s.filterRepeat.p95),
          fixed(s.shell.median),
        ]),
      },
      footnote: floorLines(render.floor),
    });
    out.push({
      title: 'Where the load to first rows goes (median ms from navigation start)',
      note: 'HTML received: the page itself. Modules run: every script of the entry fetched and evaluated. Mount starts: once the language is in and the list’s opening page is read (at most 50 ms after the modules have run). Mounted: Vue has built the page, before the browser draws it. Table shown, first rows: drawn on screen (the list table above).',
      table: {
        headers: [
          'animals',
          'HTML received',
          'modules run',
          'mount starts',
          'mounted',
          'table shown',
          'first rows',
        ],
        rows: render.sizes.map((s) => [
          s.animals.toLocaleString('en-US'),
          fixed(s.phases.html.median),
          fixed(s.phases.modulesRun.median),
          fixed(s.phases.mount.median),
          fixed(s.phases.mounted.median),
          fixed(s.shell.median),
          fixed(s.load.median),
        ]),
      },
    });
    const heap = render.heap;
    out.push({
      title: 'JS heap',
      table: isNotRun(heap)
        ? heap
        : {
            headers: ['animals', 'used heap (MB)', 'method'],
            rows: [[heap.animals.toLocaleString('en-US'), fixed(heap.usedMB), heap.method]],
          },
    });
  }

  if (!isNotRun(render)) out.push(...budgetSections(render.budget));
  out.push(...searchSections(results.search));
  out.push(importSection(results.import));
  out.push(photoSection(results.photo));
  out.push(deskFileSection(results.deskFile));

  out.push(drainSection('Outbox drain', drain));
  const { network } = results;
  if (isNotRun(network)) out.push({ title: 'Outbox drain across a network', table: network });
  else {
    for (const drain of network) {
      const window = isNotRun(drain) ? '' : `, ${drain.plan.windowMs / 1000} s window`;
      out.push(drainSection(`Outbox drain across a network${window}`, drain));
    }
  }

  const { desks } = results;
  if (isNotRun(desks)) {
    out.push({ title: 'Several desks on one key', table: desks });
  } else {
    const { run } = desks;
    out.push({
      title: 'Several desks on one key',
      note: `${desks.desks} desks (each its own core, governor and outbox), ${desks.animalsPerDesk} animals each, one key. ${planNote(desks.plan)}`,
      table: {
        headers: [
          ...COUNT_HEADERS,
          'seconds (all)',
          'seconds per desk',
          'created/s',
          'of plan',
          'of ceiling',
          'responses',
        ],
        rows: [
          [
            ...countCells(run),
            desks.deskSeconds.map((s) => s.toFixed(1)).join(', '),
            run.createdPerSecond.toFixed(2),
            ...rateCells(run),
          ],
        ],
      },
    });
  }

  const { portal } = results;
  if (isNotRun(portal)) {
    out.push({ title: 'Sending after a sign-in page', table: portal });
  } else {
    out.push({
      title: 'Sending after a sign-in page',
      note: `One desk, ${portal.animals} animals queued while a Wi-Fi sign-in page answered every request for ${portal.pageSeconds} s; seconds from the page going away.`,
      table: {
        headers: ['run', 'first animal on the service (s)', 'nothing waiting (s)'],
        rows: portal.resumeSeconds.map((s, i) => [
          String(i + 1),
          s.toFixed(1),
          (portal.sentSeconds[i] ?? 0).toFixed(1),
        ]),
      },
    });
  }

  out.push(...answersSections(results.answers));

  out.push({
    title: 'Targets',
    table: {
      headers: ['target', 'goal', 'measured', 'floor', 'ratio', 'verdict'],
      rows: results.targets.map((t) => [
        t.target,
        t.goal,
        t.measured,
        t.floor ?? '—',
        t.ratio ?? '—',
        t.verdict,
      ]),
    },
  });
  return out;
}

/** Counts of each value, as "value: n, …". */
const counts = (tally: Record<string, number>): string =>
  Object.entries(tally)
    .map(([value, n]) => `${value}: ${n}`)
    .join(', ');

/** The oversized list page, and for contrast the parse of one at the limit. */
function answersSections(answers: AnswersResult | NotRun): Section[] {
  const title = 'A list page far larger than the spec allows';
  if (isNotRun(answers)) return [{ title, table: answers }];
  const mib = (bytes: number): string => (bytes / 2 ** 20).toFixed(2);
  const runs = answers.failMs.runs.length;
  const row = (what: string, s: Summary, cell: (n: number) => string): string[] => [
    what,
    cell(s.median),
    cell(s.max),
  ];
  const unexpected =
    answers.unexpected.length === 0 ? '' : ` Other requests: ${answers.unexpected.join(', ')}.`;
  return [
    {
      title,
      note: `A loopback service answers GET /pets with status 200 and ${count(answers.answerBytes)} bytes of animals (${mib(answers.answerBytes)} MiB), chunked with no Content-Length, made as the socket takes them; the client reads at most ${count(answers.limitBytes)} bytes of a list page. listPets on the local profile is dispatched to the Kennel core in this process, ${runs} times after ${answers.warmups} untimed. Results: ${counts(answers.outcomes)}. Connections: ${counts(answers.connections)}. List requests: ${answers.requests} for ${answers.dispatches} dispatches.${unexpected} Bytes written: the body the service had handed to the connection when it closed. RSS: the process's resident set, MB of 10^6 bytes; after: ${answers.memory}.`,
      table: {
        headers: ['', 'median', 'worst'],
        rows: [
          row('dispatch to failed result (ms)', answers.failMs, fixed),
          row('bytes written by the service (MiB)', answers.writtenBytes, mib),
          row('RSS before (MB)', answers.rssMB.before, fixed),
          row('RSS when it failed (MB)', answers.rssMB.failed, fixed),
          row('RSS after (MB)', answers.rssMB.after, fixed),
        ],
      },
    },
    {
      title: 'Parsing a list page at the limit (ms, lossless parser)',
      note: `parseJsonLossless on a body of exactly ${count(answers.limitBytes)} bytes, the largest list page the client reads: the longest one answer can hold the main process. ${answers.parse[0]?.ms.runs.length ?? 0} runs of each, with no warm-up (the first of the first page is the parser's first in the process). Not a target.`,
      table: {
        headers: ['page', 'bytes', 'median', 'worst'],
        rows: answers.parse.map((p) => [
          p.shape,
          count(p.bytes),
          fixed(p.ms.median),
          fixed(p.ms.max),
        ]),
      },
    },
  ];
}

function machineLines(results: BenchResults): string[] {
  const m = results.machine;
  return [
    `Date: ${m.date}`,
    `CPU: ${m.cpuModel}, ${m.cores} cores, ${m.memoryGiB} GiB RAM`,
    `OS: ${m.os}`,
    `Load average (1 min): ${m.loadAverage.start} at start, ${m.loadAverage.end} at end`,
    `Node ${m.node}, Chromium ${m.chromium ?? 'not started'}`,
  ];
}

const kB = (bytes: number): string => (bytes / 1000).toFixed(1);

/** Every script loaded before the first rows, largest first; then the libraries loaded on demand. */
function budgetSections(budget: BudgetResult | NotRun): Section[] {
  const title = 'Renderer JavaScript before first rows';
  if (isNotRun(budget)) return [{ title, table: budget }];
  return [
    {
      title,
      note: 'Scripts the page fetched before its first rows were drawn; gzip at zlib’s default level, kB = 1,000 bytes.',
      table: {
        headers: ['file', 'kB', 'kB gzip'],
        rows: [
          ...budget.files.map((f) => [f.file, kB(f.bytes), kB(f.gzipBytes)]),
          ['total', kB(budget.totalBytes), kB(budget.totalGzipBytes)],
        ],
      },
    },
    {
      title: 'Libraries loaded only when a screen needs them',
      note: 'Each library’s chunk and what it imports that the first rows had not fetched: what the screen that first needs it fetches.',
      table: {
        headers: ['library', 'chunk', 'kB', 'kB gzip', 'before first rows'],
        rows: budget.libraries.map((l) => [
          l.name,
          l.file,
          kB(l.bytes),
          kB(l.gzipBytes),
          l.beforeFirstRows ? 'yes' : 'no',
        ]),
      },
    },
  ];
}

/** One drain's clients side by side, on the same plan and latency. */
function drainSection(title: string, drain: DrainResult | NotRun): Section {
  if (isNotRun(drain)) return { title, table: drain };
  const row = (run: DrainRun | NotRun, name: string): string[] =>
    isNotRun(run)
      ? [name, `not run: ${run.error}`, ...Array<string>(12).fill('')]
      : [
          run.client,
          ...countCells(run),
          run.sentPerSecond.toFixed(2),
          run.createdPerSecond.toFixed(2),
          ...rateCells(run),
        ];
  const rows = [row(drain.engine, 'sync engine'), row(drain.naive, 'naive ky')];
  const latency =
    drain.latencyMs > 0
      ? ` Every answer held ${drain.latencyMs} ms by the service; safe ceiling min(plan, 3 on the wire ÷ round trip) = ${drain.ceilingPerSecond.toFixed(2)}/s.`
      : '';
  return {
    title,
    note: `${planNote(drain.plan)}${latency}`,
    table: {
      headers: [
        'client',
        ...COUNT_HEADERS,
        'seconds',
        'sent/s',
        'created/s',
        'of plan',
        'of ceiling',
        'responses',
      ],
      rows,
    },
  };
}

/** Headers of the cells {@link countCells} starts with, in the drain and desks tables. */
const COUNT_HEADERS = ['queued', 'created', 'lost', 'duplicated', 'requests', '429s', 'bans'];

/** One sentence naming a drain's plan. */
function planNote(plan: { limit: number; windowMs: number; perSecond: number }): string {
  return `Plan: ${plan.limit} requests per ${plan.windowMs / 1000} s window (${plan.perSecond.toFixed(2)}/s).`;
}

/** Queued, created, lost, duplicated, requests, 429s, bans and seconds of a run. */
function countCells(run: DrainRun): string[] {
  return [
    String(run.queued),
    String(run.created),
    String(run.lost),
    String(run.duplicated),
    String(run.requests),
    String(run.rateLimited),
    String(run.bans),
    (run.durationMs / 1000).toFixed(1),
  ];
}

/** The share of the plan and the responses by status of a run. */
function rateCells(run: DrainRun): string[] {
  return [
    // A rate over a drain that dropped animals is not a throughput.
    run.lost > 0 ? `n/a (${run.lost} lost)` : `${run.ofPlanPercent.toFixed(1)}%`,
    run.lost > 0 ? 'n/a' : `${run.ofCeilingPercent.toFixed(1)}%`,
    Object.entries(run.byStatus)
      .map(([status, n]) => `${status}: ${n}`)
      .join(', '),
  ];
}

/** The figures as plain text for the terminal. */
export function formatText(results: BenchResults): string {
  const parts = [machineLines(results).join('\n')];
  for (const { title, table, note, footnote } of tables(results)) {
    const body = isNotRun(table) ? `not run: ${table.error}` : plainTable(table);
    parts.push(
      [`== ${title}`, ...(note ? [note] : []), body, ...(footnote ? [footnote] : [])].join('\n'),
    );
  }
  return parts.join('\n\n');
}

/** The figures as Markdown, for `bench-results/latest.md`. */
function formatMarkdown(results: BenchResults): string {
  const parts = [
    '# Kennel benchmark results',
    'Written by `npm run bench`; see `docs/performance.md` for what each figure means.',
    machineLines(results)
      .map((l) => `- ${l}`)
      .join('\n'),
  ];
  for (const { title, table, note, footnote } of tables(results)) {
    const body = isNotRun(table) ? `Not run: ${table.error}` : markdownTable(table);
    parts.push(
      [
        `## ${title}`,
        '',
        ...(note ? [note, ''] : []),
        body,
        ...(footnote ? ['', footnote] : []),
      ].join('\n'),
    );
  }
  return `${parts.join('\n\n')}\n`;
}

/**
 * Writes `latest.json` and `latest.md` atomically, so a failed run never leaves
 * half a file, formatted by the project's Prettier settings so `npm run lint`
 * accepts the committed results as they were written.
 */
export async function writeResults(dir: string, results: BenchResults): Promise<string[]> {
  await mkdir(dir, { recursive: true });
  // Loaded only here: a run that writes nothing never carries it in memory.
  const { format, resolveConfig } = await import('prettier');
  const files: [string, string][] = [
    ['latest.json', `${JSON.stringify(results, null, 2)}\n`],
    ['latest.md', formatMarkdown(results)],
  ];
  const written: string[] = [];
  for (const [name, text] of files) {
    const path = join(dir, name);
    const formatted = await format(text, { ...(await resolveConfig(path)), filepath: path });
    await writeFile(`${path}.tmp`, formatted);
    await rename(`${path}.tmp`, path);
    written.push(path);
  }
  return written;
}
