/**
 * List pages of exactly `bytes` bytes, the most the client reads of one: what
 * its lossless parser can be handed at once.
 */

/** An animal as the list's JSON has it; `name` takes up the length asked for. */
const animal = (id: number, name: string): string =>
  JSON.stringify({ id, name, categoryId: 7, status: 'available' });

/** `count` animals of one array, their names sharing out the bytes left so the page has exactly `bytes`. */
function pageOf(bytes: number, count: number): string {
  const bare = `[${Array.from({ length: count }, (_, i) => animal(i + 1, '')).join(',')}]`;
  const spare = bytes - bare.length;
  if (spare < 0) throw new Error(`${count} animals do not fit in ${bytes} bytes.`);
  const each = Math.floor(spare / count);
  const names = Array.from({ length: count }, (_, i) =>
    'n'.repeat(each + (i < spare % count ? 1 : 0)),
  );
  const page = `[${names.map((name, i) => animal(i + 1, name)).join(',')}]`;
  if (Buffer.byteLength(page) !== bytes) throw new Error('The page is not the size asked for.');
  return page;
}

/** A page at the limit, and what it stands for. */
export interface LimitPage {
  shape: string;
  text: string;
}

/**
 * Two ways to fill the limit: the spec's most animals (100) with names as long
 * as it takes, and as many animals of the flood's own size (128 bytes) as fit,
 * which gives the parser some eighty times as many objects and numbers to build.
 */
export function pagesAtLimit(bytes: number): LimitPage[] {
  const small = Math.floor((bytes - 1) / 128);
  return [
    { shape: '100 animals, long names', text: pageOf(bytes, 100) },
    { shape: `${small.toLocaleString('en-US')} small animals`, text: pageOf(bytes, small) },
  ];
}
