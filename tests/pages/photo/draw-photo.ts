/**
 * Draws a test photo in the page: soft gradients, a few hundred shapes and
 * fine grain, so it compresses like a photo of an animal in a kennel (a
 * 12-megapixel one comes to a few megabytes as a JPEG), not like a flat test
 * card. The same seed draws the same photo.
 */
import type { DrawnPhoto } from './page-api';

/** mulberry32: small, seeded, good enough for pixels. */
function seeded(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

export async function drawPhoto(photo: DrawnPhoto): Promise<Blob> {
  const { width, height } = photo;
  const random = seeded(photo.seed);
  const canvas = new OffscreenCanvas(width, height);
  const context = canvas.getContext('2d');
  if (context === null) throw new Error('no 2D context');
  const hue = () => Math.floor(random() * 360);
  const sky = context.createLinearGradient(0, 0, width, height);
  sky.addColorStop(0, `hsl(${hue()} 45% 60%)`);
  sky.addColorStop(1, `hsl(${hue()} 35% 30%)`);
  context.fillStyle = sky;
  context.fillRect(0, 0, width, height);
  const scale = Math.max(width, height);
  for (let i = 0; i < 400; i++) {
    context.fillStyle = `hsl(${hue()} ${20 + random() * 50}% ${20 + random() * 60}% / ${0.2 + random() * 0.6})`;
    context.beginPath();
    context.ellipse(
      random() * width,
      random() * height,
      (0.005 + random() * 0.08) * scale,
      (0.005 + random() * 0.08) * scale,
      random() * Math.PI,
      0,
      Math.PI * 2,
    );
    context.fill();
  }
  const image = context.getImageData(0, 0, width, height);
  const grain = photo.grain ?? 24;
  const data = image.data;
  for (let p = 0; p < data.length; p += 4) {
    const n = (random() - 0.5) * grain;
    data[p] = (data[p] ?? 0) + n;
    data[p + 1] = (data[p + 1] ?? 0) + n;
    data[p + 2] = (data[p + 2] ?? 0) + n;
  }
  context.putImageData(image, 0, 0);
  if (photo.transparentLeft === true) context.clearRect(0, 0, Math.floor(width / 2), height);
  return canvas.convertToBlob({ type: photo.type, quality: photo.quality ?? 0.92 });
}
