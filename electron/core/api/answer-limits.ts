/**
 * The most bytes Kennel reads of one answer, by what the request asks for. An
 * answer is held whole and parsed in the main process, so one far larger than
 * anything the service can mean is refused unread rather than allowed to
 * stall the app and fill its memory. Each limit is generous for what the
 * specification returns, so a real answer never comes near it.
 */

const KIB = 1024;
const MIB = 1024 * KIB;

export const ANSWER_LIMITS = {
  /**
   * A page of `GET /pets`: at most 100 animals (`limit` tops out at 100). An
   * animal is about a hundred bytes besides its name, and a name of 1000
   * characters (the longest Kennel sends) takes at most 4000 bytes as UTF-8,
   * 6000 if a service writes each character as a `\uXXXX` escape: 100 such
   * animals fit with room to spare. Parsing this much blocks the process for a
   * tenth to a fifth of a second (names of plain letters are the slowest to
   * parse); a real page, a few milliseconds.
   */
  petsPage: MIB,
  /** One animal: the answer of `createPet` and `getPet`, and of anything not listed here. */
  record: 64 * KIB,
  /** `GET /store/orders`, whose shape the spec does not show: as much as a page of animals. */
  orders: MIB,
  /**
   * The body of an answer that is not a success: the spec's `Error` is a code
   * and a sentence. Past this only the words are lost; the status and headers
   * still say what happened.
   */
  error: 64 * KIB,
} as const;
