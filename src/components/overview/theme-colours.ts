/**
 * The charts' colours, read from the style sheet's custom properties
 * (`styles/app.css`), so a chart is drawn in the theme's own colours and is
 * drawn again when the theme changes (Settings, or the system's choice).
 */
import { computed, onScopeDispose, ref, type ComputedRef } from 'vue';

/** The colours a chart is drawn with. */
export interface ChartColours {
  /** Bars. */
  bar: string;
  /** Labels on the axes. */
  text: string;
  /** Grid lines. */
  grid: string;
  /** One colour per status, as its chip in the list. */
  status: Record<'available' | 'pending' | 'sold' | 'none', string>;
}

/** The value of custom property `name` on the page, or `fallback` while there is none. */
function cssVar(style: CSSStyleDeclaration, name: string, fallback: string): string {
  const value = style.getPropertyValue(name).trim();
  return value === '' ? fallback : value;
}

/** The theme's chart colours, read again whenever `<html data-theme>` changes. */
export function useChartColours(): ComputedRef<ChartColours> {
  const version = ref(0);
  const root = document.documentElement;
  const observer = new MutationObserver(() => (version.value += 1));
  observer.observe(root, { attributes: true, attributeFilter: ['data-theme'] });
  onScopeDispose(() => observer.disconnect());
  return computed(() => {
    void version.value;
    const style = getComputedStyle(root);
    const text = cssVar(style, '--text', '#1d2430');
    return {
      bar: cssVar(style, '--primary', '#1f6f66'),
      text,
      grid: cssVar(style, '--line', '#d9dee5'),
      status: {
        available: cssVar(style, '--chip-available-text', text),
        pending: cssVar(style, '--chip-pending-text', text),
        sold: cssVar(style, '--chip-sold-text', text),
        none: cssVar(style, '--chip-none-text', text),
      },
    };
  });
}
