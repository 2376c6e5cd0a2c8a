/* global window, OffscreenCanvas, Blob, Image, createImageBitmap, btoa, atob */
// Injected into the app's page before its own scripts by the photo's tests and
// benchmark (see `photo-tools.ts`), as `window.__kennelPhotoTools`. Plain
// JavaScript: it reaches the page as it is written here, with no compiler's
// helpers in it. Nothing of the app calls it.
(() => {
  /** mulberry32: small, seeded, good enough for pixels. */
  const seeded = (seed) => {
    let state = seed >>> 0;
    return () => {
      state = (state + 0x6d2b79f5) >>> 0;
      let t = state;
      t = Math.imul(t ^ (t >>> 15), t | 1);
      t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
      return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
    };
  };

  const toBase64 = async (blob) => {
    const bytes = new Uint8Array(await blob.arrayBuffer());
    let text = '';
    for (let i = 0; i < bytes.length; i += 0x8000) {
      text += String.fromCharCode(...bytes.subarray(i, i + 0x8000));
    }
    return btoa(text);
  };

  const fromBase64 = (base64) => Uint8Array.from(atob(base64), (c) => c.charCodeAt(0));

  window.__kennelPhotoTools = {
    /**
     * A test photo, as base64: soft gradients, a few hundred shapes and fine
     * grain, so it compresses like a photo of an animal in a kennel (a
     * 12-megapixel one comes to a few megabytes as a JPEG), not like a flat
     * test card. The same seed draws the same photo.
     */
    draw: async (photo) => {
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
        data[p] += n;
        data[p + 1] += n;
        data[p + 2] += n;
      }
      context.putImageData(image, 0, 0);
      if (photo.transparentLeft === true) context.clearRect(0, 0, Math.floor(width / 2), height);
      return toBase64(await canvas.convertToBlob({ type: photo.type, quality: 0.92 }));
    },

    /** An image decoded as the browser shows it: its size and one pixel's colour, [r, g, b, a]. */
    inspect: async (base64, x, y) => {
      const bitmap = await createImageBitmap(new Blob([fromBase64(base64)]));
      const canvas = new OffscreenCanvas(bitmap.width, bitmap.height);
      const context = canvas.getContext('2d');
      if (context === null) throw new Error('no 2D context');
      context.drawImage(bitmap, 0, 0);
      const rgba = [...context.getImageData(x, y, 1, 1).data];
      return { width: bitmap.width, height: bitmap.height, rgba };
    },

    /** Whether an image still loads from `url`: false once its object URL was let go. */
    loads: async (url) => {
      const image = new Image();
      image.src = url;
      try {
        await image.decode();
        return true;
      } catch {
        return false;
      }
    },
  };
})();
