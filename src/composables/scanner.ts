import { onBeforeUnmount, onMounted } from 'vue';
import { EMPTY_SCAN, scanStep, type ScanKey } from './scan-rule';
import { shortcutKey } from './shortcuts';

/** Reads a DOM key event into the shape {@link scanStep} decides on. */
function scanKey(event: KeyboardEvent): ScanKey {
  const target = event.target;
  return {
    ...shortcutKey(event),
    targetType: target instanceof HTMLInputElement ? target.type.toLowerCase() : '',
    dialogOpen: document.querySelector('dialog[open]') !== null,
    at: event.timeStamp,
  };
}

/**
 * Listens for scans on the whole document while the calling component is
 * mounted, and hands each scan to `open`: its digits as scanned, which are an
 * animal ID and, 15 of them, may be a microchip's number too. It listens in the capture
 * phase so that a scan's Enter can be taken before it reaches the focused
 * button, link or list row, which would otherwise act on it as well.
 */
export function useScanner(open: (typed: string) => void): void {
  let buffer = EMPTY_SCAN;
  const onKey = (event: KeyboardEvent): void => {
    if (event.isComposing) return;
    const step = scanStep(buffer, scanKey(event));
    buffer = step.buffer;
    if (step.open === null) return;
    event.preventDefault();
    event.stopPropagation();
    open(step.typed);
  };
  // A click in between means the digits before it were not the start of a scan.
  const forget = (): void => {
    buffer = EMPTY_SCAN;
  };
  onMounted(() => {
    document.addEventListener('keydown', onKey, true);
    document.addEventListener('pointerdown', forget, true);
  });
  onBeforeUnmount(() => {
    document.removeEventListener('keydown', onKey, true);
    document.removeEventListener('pointerdown', forget, true);
  });
}
