/**
 * Why a desk file was not taken. Facts only: the screens word them for staff.
 */
export type DeskFileRefusal =
  /** The file is larger than reading takes; nothing of it was read. */
  | { kind: 'too-large'; bytes: number; limitBytes: number }
  /** One part unpacks larger than its limit (a zip bomb, or not Kennel's). */
  | { kind: 'part-too-large'; limitBytes: number }
  /** Saved by a newer Kennel, in a layout this one does not know. */
  | { kind: 'newer'; format: number }
  /** The file ends before its last part: a copy or download that did not finish. */
  | { kind: 'cut-short' }
  /** Its parts no longer match the checksum it was saved with. */
  | { kind: 'changed' }
  /** Not a desk file at all (another file, another archive). */
  | { kind: 'not-a-desk-file' }
  /** A desk file whose parts are not what Kennel writes. */
  | { kind: 'damaged' };
