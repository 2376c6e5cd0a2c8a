/**
 * A page for the photo's browser tests and benchmark (`tests/helpers/photo-page.ts`
 * builds it as the app's renderer is built, and the web host serves it under
 * the app's security policy). It holds what the app does not have yet: the
 * photo picker in a form of its own, and the shrink pipeline within reach of
 * `page.evaluate`. Test code only: nothing here ships.
 */
import { createApp, h, ref } from 'vue';
import PhotoPicker from '../../../src/components/records/PhotoPicker.vue';
import { applyLanguage } from '../../../src/i18n';
import type { ShrunkPhoto } from '../../../src/records/photo/photo-result';
import { shrinkPhoto } from '../../../src/records/photo/shrink-photo';
import '../../../src/styles/app.css';
import { drawPhoto } from './draw-photo';
import type { PhotoFacts, PhotoPageApi } from './page-api';
import { timeShrinks } from './time-shrinks';

declare global {
  interface Window {
    photoPage?: PhotoPageApi;
  }
}

const toBase64 = async (blob: Blob): Promise<string> => {
  const bytes = new Uint8Array(await blob.arrayBuffer());
  let text = '';
  for (let i = 0; i < bytes.length; i += 0x8000) {
    text += String.fromCharCode(...bytes.subarray(i, i + 0x8000));
  }
  return btoa(text);
};

const fromBase64 = (base64: string): Uint8Array<ArrayBuffer> =>
  Uint8Array.from(atob(base64), (c) => c.charCodeAt(0));

async function facts(photo: ShrunkPhoto): Promise<PhotoFacts> {
  return {
    type: photo.blob.type,
    width: photo.width,
    height: photo.height,
    bytes: photo.blob.size,
    base64: await toBase64(photo.blob),
  };
}

const files = new Map<string, Blob>();
const fileNamed = (name: string): Blob => {
  const file = files.get(name);
  if (file === undefined) throw new Error(`no file kept as ${name}`);
  return file;
};

const params = new URLSearchParams(location.search);
document.documentElement.dataset.theme = params.get('theme') === 'dark' ? 'dark' : 'light';
const language = params.get('lang') === 'es' ? 'es' : 'en';
document.documentElement.lang = language;

const photo = ref<ShrunkPhoto | null>(null);
const name = ref('');

window.photoPage = {
  picked: async () => (photo.value === null ? null : facts(photo.value)),
  draw: async (key, drawn) => {
    const blob = await drawPhoto(drawn);
    files.set(key, blob);
    return blob.size;
  },
  bytesOf: (key) => toBase64(fileNamed(key)),
  keep: (key, base64, type) => files.set(key, new Blob([fromBase64(base64)], { type })),
  shrink: async (key) => {
    const result = await shrinkPhoto(fileNamed(key));
    return result.ok ? { ok: true, photo: await facts(result.photo) } : result;
  },
  inspect: async (base64, x, y) => {
    const bitmap = await createImageBitmap(new Blob([fromBase64(base64)]));
    const canvas = new OffscreenCanvas(bitmap.width, bitmap.height);
    const context = canvas.getContext('2d');
    if (context === null) throw new Error('no 2D context');
    context.drawImage(bitmap, 0, 0);
    const rgba = [...context.getImageData(x, y, 1, 1).data];
    return { width: bitmap.width, height: bitmap.height, rgba };
  },
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
  timeShrinks: (key, runs) => timeShrinks(fileNamed(key), runs),
};

// A form around the picker, with a field of its own that a refused file must leave alone.
const Form = {
  setup: () => () =>
    h('main', { class: 'photo-test-page' }, [
      h('h1', 'Photo'),
      h('form', { onSubmit: (event: Event) => event.preventDefault() }, [
        h('div', { class: 'field' }, [
          h('label', { for: 'animal-name' }, 'Name'),
          h('input', {
            id: 'animal-name',
            value: name.value,
            onInput: (event: Event) => (name.value = (event.target as HTMLInputElement).value),
          }),
        ]),
        h(PhotoPicker, {
          modelValue: photo.value,
          'onUpdate:modelValue': (value: ShrunkPhoto | null) => (photo.value = value),
        }),
      ]),
    ]),
};

void applyLanguage(language).then(() => {
  createApp(Form).mount('#app');
  document.body.dataset.ready = 'true';
});
