/**
 * The libraries only some screens need, each in a chunk named for it
 * (`assets/charts-<hash>.js`), so the benchmark can show what each costs and
 * that none is fetched before the list's first rows. Naming changes no
 * chunk's contents: each is the chunk its screen's dynamic import makes.
 */
export const LIBRARY_CHUNKS = [
  /** chart.js and vue-chartjs, with the Overview's chart. */
  { name: 'charts', facade: /[\\/]components[\\/]overview[\\/]OverviewBarChart\.vue$/ },
  /** bwip-js, which draws the kennel cards' barcodes. */
  { name: 'barcodes', facade: /[\\/]src[\\/]cards[\\/]barcodes\.ts$/ },
  /** write-excel-file, for the list's spreadsheet export. */
  { name: 'spreadsheet', facade: /[\\/]node_modules[\\/]write-excel-file[\\/]/ },
] as const;

/** Output file name of a chunk: a library's by its name, any other by its own. */
export function chunkFileName(chunk: { facadeModuleId: string | null }): string {
  const id = chunk.facadeModuleId ?? '';
  const library = LIBRARY_CHUNKS.find((l) => l.facade.test(id));
  return library === undefined ? 'assets/[name]-[hash].js' : `assets/${library.name}-[hash].js`;
}

/**
 * The small data modules the list's first rows need (row checks, the intake
 * record's checks, list order, the page's IndexedDB, the desk's error), in
 * one chunk. Shared by later screens too (the desk file, the data move), the
 * bundler would otherwise give each a chunk of its own, and the first rows
 * would fetch a dozen small files, each with its own overhead, over their
 * budget (`docs/performance.md`). Their dependencies stay where they were.
 */
export const firstRowsChunks = {
  includeDependenciesRecursively: false,
  groups: [
    {
      name: 'first-rows-data',
      test: /[\\/]src[\\/](data[\\/](row-checks|record-checks|intake-record|order|page-idb|live-query|outbox-repair|deferred-quarantine)|errors[\\/]desk-error|format[\\/]clock)\.ts$/,
    },
  ],
};
