import { onBeforeUnmount, onMounted, watch } from 'vue';
import { printOwner, releasePrint, takePrint } from '../print/print-job';

/**
 * A printing component's hold on the page's one print layout
 * (`print/print-job.ts`): `lost` runs when another layout takes over, and the
 * layout is given up once the print dialog closes and when the component goes.
 */
export function usePrintLayout(name: string, lost: () => void): { take(): void; release(): void } {
  const token = Symbol(name);
  watch(printOwner, (owner) => {
    if (owner !== token) lost();
  });
  const release = (): void => releasePrint(token);
  onMounted(() => window.addEventListener('afterprint', release));
  onBeforeUnmount(() => {
    window.removeEventListener('afterprint', release);
    release();
  });
  return { take: () => takePrint(token), release };
}
