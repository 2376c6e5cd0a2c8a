import { describe, expect, it } from 'vitest';
import { partsWithoutSignatures } from '../../../../src/desk-file/zip-signatures';
import { testRandom, testSeed } from '../support/seed';

const SIGNATURES = [
  [0x50, 0x4b, 3, 4],
  [0x50, 0x4b, 7, 8],
  [0x50, 0x4b, 1, 2],
];

const holdsSignature = (bytes: Uint8Array): boolean =>
  SIGNATURES.some((signature) =>
    bytes.some((_byte, at) => signature.every((value, i) => bytes[at + i] === value)),
  );

/** Bytes drawn mostly from P, K and 1–8, so signatures and near misses abound. */
function crowdedBytes(random: () => number, length: number): Uint8Array<ArrayBuffer> {
  const alphabet = [0x50, 0x4b, 1, 2, 3, 4, 7, 8, 0x50, 0x4b, 0xff];
  return Uint8Array.from({ length }, () => alphabet[Math.floor(random() * alphabet.length)] ?? 0);
}

describe('partsWithoutSignatures', () => {
  it('leaves bytes without a signature whole', () => {
    const bytes = new Uint8Array([0x50, 0x4b, 3, 5, 0x50, 0x4b, 0x50, 0x4b, 7]);
    expect(partsWithoutSignatures(bytes)).toEqual([bytes]);
  });

  it('cuts every signature in two, and the parts join to the bytes again', () => {
    const random = testRandom();
    for (let round = 0; round < 50; round += 1) {
      const bytes = crowdedBytes(random, 1 + Math.floor(random() * 200));
      const parts = partsWithoutSignatures(bytes);
      const why = `round ${round} (this test's seed ${testSeed()})`;
      expect(parts.some(holdsSignature), why).toBe(false);
      expect(
        parts.every((part) => part.length > 0),
        why,
      ).toBe(true);
      expect(Uint8Array.from(parts.flatMap((part) => [...part])), why).toEqual(bytes);
    }
  });
});
