/**
 * Why a photo is sometimes written in parts. fflate's `Zip` streams every
 * entry with a data descriptor (its size comes after its bytes), and fflate's
 * streaming `Unzip` finds the entry's end by looking for the next ZIP
 * signature in the bytes themselves: a photo that happens to contain
 * `PK\3\4`, `PK\7\8` or `PK\1\2` would be cut there when read (fflate issues
 * #208, #243; about one 100 KB photo in 13,000). So a photo is cut in the middle of
 * each such signature, and each part is its own entry: no entry then holds a
 * whole signature, and reading joins the parts again.
 *
 * JSON entries never need it: each signature holds a control character, which
 * `JSON.stringify` always escapes.
 */

const P = 0x50;
const K = 0x4b;
/** The two bytes after `PK` that the streaming reader stops at. */
const STOPPING_TAILS: ReadonlyArray<readonly [number, number]> = [
  [3, 4], // a local file header
  [7, 8], // a data descriptor
  [1, 2], // the central directory
];

/** Where `bytes` must be cut (between `PK` and the rest of each signature), in order. */
function signatureCuts(bytes: Uint8Array): number[] {
  const cuts: number[] = [];
  for (
    let at = bytes.indexOf(P);
    at !== -1 && at + 3 < bytes.length;
    at = bytes.indexOf(P, at + 1)
  ) {
    if (bytes[at + 1] !== K) continue;
    const [third, fourth] = [bytes[at + 2], bytes[at + 3]];
    if (STOPPING_TAILS.some(([a, b]) => a === third && b === fourth)) cuts.push(at + 2);
  }
  return cuts;
}

/** `bytes` cut at {@link signatureCuts}: one part when it holds no signature. */
export function partsWithoutSignatures<T extends ArrayBufferLike>(
  bytes: Uint8Array<T>,
): Uint8Array<T>[] {
  const parts: Uint8Array<T>[] = [];
  let from = 0;
  for (const cut of signatureCuts(bytes)) {
    parts.push(bytes.subarray(from, cut));
    from = cut;
  }
  parts.push(bytes.subarray(from));
  return parts;
}
