/**
 * JPEG segments for the photo tests: an EXIF block with an orientation, a
 * camera name and a GPS position, put into a JPEG the test drew, and the
 * segments a JPEG carries before its picture data, to show which survived.
 */

/** The camera name written into the EXIF block, to look for afterwards. */
export const EXIF_CAMERA = 'KennelTestCam';

/** `Exif\0\0`: how an APP1 segment says it holds EXIF. */
export const EXIF_HEADER = Buffer.from('Exif\0\0', 'latin1');

const SOI = 0xd8;
const SOS = 0xda;
export const APP1 = 0xe1;

/** One IFD entry: tag, type, count and its value or offset, little-endian. */
function entry(tag: number, type: number, count: number, value: Buffer): Buffer {
  const out = Buffer.alloc(12);
  out.writeUInt16LE(tag, 0);
  out.writeUInt16LE(type, 2);
  out.writeUInt32LE(count, 4);
  value.copy(out, 8, 0, 4);
  return out;
}

/** Two bytes: an IFD's entry count. */
const u16 = (n: number): Buffer => {
  const b = Buffer.alloc(2);
  b.writeUInt16LE(n, 0);
  return b;
};
/** A SHORT value in an entry's four bytes. */
const short = (n: number): Buffer => Buffer.concat([u16(n), Buffer.alloc(2)]);
const u32 = (n: number): Buffer => {
  const b = Buffer.alloc(4);
  b.writeUInt32LE(n, 0);
  return b;
};
const rationals = (...pairs: [number, number][]): Buffer =>
  Buffer.concat(pairs.map(([n, d]) => Buffer.concat([u32(n), u32(d)])));

/**
 * An APP1 segment holding EXIF: orientation `orientation` (6 = turn a
 * quarter clockwise to show), the camera's make, and where the photo was
 * taken (latitude 40° 26′ 46″ N, longitude 79° 58′ 56″ W).
 */
export function exifSegment(orientation: number): Buffer {
  const ASCII = 2;
  const SHORT = 3;
  const LONG = 4;
  const RATIONAL = 5;
  const BYTE = 1;
  const make = Buffer.from(`${EXIF_CAMERA}\0`, 'latin1');
  // Offsets from the start of the TIFF header.
  const ifd0 = 8;
  const ifd0Size = 2 + 3 * 12 + 4;
  const makeAt = ifd0 + ifd0Size;
  const gpsAt = makeAt + make.length;
  const gpsSize = 2 + 5 * 12 + 4;
  const latitudeAt = gpsAt + gpsSize;
  const longitudeAt = latitudeAt + 24;
  const tiff = Buffer.concat([
    Buffer.from('II*\0', 'latin1'),
    u32(ifd0),
    u16(3),
    entry(0x010f, ASCII, make.length, u32(makeAt)),
    entry(0x0112, SHORT, 1, short(orientation)),
    entry(0x8825, LONG, 1, u32(gpsAt)),
    u32(0),
    make,
    u16(5),
    entry(0x0000, BYTE, 4, Buffer.from([2, 3, 0, 0])),
    entry(0x0001, ASCII, 2, Buffer.from('N\0\0\0', 'latin1')),
    entry(0x0002, RATIONAL, 3, u32(latitudeAt)),
    entry(0x0003, ASCII, 2, Buffer.from('W\0\0\0', 'latin1')),
    entry(0x0004, RATIONAL, 3, u32(longitudeAt)),
    u32(0),
    rationals([40, 1], [26, 1], [46, 1]),
    rationals([79, 1], [58, 1], [56, 1]),
  ]);
  const body = Buffer.concat([EXIF_HEADER, tiff]);
  const length = Buffer.alloc(2);
  length.writeUInt16BE(body.length + 2, 0);
  return Buffer.concat([Buffer.from([0xff, APP1]), length, body]);
}

/** `jpeg` with `segment` put straight after its start marker, where cameras write EXIF. */
export function withSegment(jpeg: Buffer, segment: Buffer): Buffer {
  if (jpeg[0] !== 0xff || jpeg[1] !== SOI) throw new Error('not a JPEG');
  return Buffer.concat([jpeg.subarray(0, 2), segment, jpeg.subarray(2)]);
}

/** The markers of the segments before the picture data (APP0 is 0xe0, APP1 0xe1, …). */
export function markersBeforePicture(jpeg: Buffer): number[] {
  if (jpeg[0] !== 0xff || jpeg[1] !== SOI) throw new Error('not a JPEG');
  const markers: number[] = [];
  let at = 2;
  while (at + 4 <= jpeg.length) {
    if (jpeg[at] !== 0xff) throw new Error(`no marker at byte ${at}`);
    const marker = jpeg[at + 1] as number;
    markers.push(marker);
    if (marker === SOS) break;
    at += 2 + jpeg.readUInt16BE(at + 2);
  }
  return markers;
}
