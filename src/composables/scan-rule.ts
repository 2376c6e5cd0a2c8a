/**
 * What tells a barcode scan from other keys, with no DOM: the composable
 * (`scanner.ts`) reads each key event into a {@link ScanKey} and asks here.
 */
import { parseAnimalId } from '../animals/animal-id';
import type { ShortcutKey } from './shortcut-rule';

/**
 * After this long without a key, digits typed earlier are forgotten. Generous
 * on purpose: it only keeps an old stray digit from joining a later scan, and
 * must never cut a scan short on a slow or busy computer.
 */
const SCAN_FORGET_MS = 1_500;

/** The digits gathered so far, and when the last key came (ms, any clock). */
interface ScanBuffer {
  digits: string;
  lastAt: number;
}

/** Nothing gathered. */
export const EMPTY_SCAN: ScanBuffer = { digits: '', lastAt: Number.NEGATIVE_INFINITY };

/** The parts of a key event, its target and the page the decision needs; no DOM. */
export interface ScanKey extends ShortcutKey {
  /** The `type` of a focused `input`, lower case; '' for anything else. */
  targetType: string;
  /** A modal dialog is open: the page behind it is inert. */
  dialogOpen: boolean;
  /** When the key came, in ms, on the same clock as {@link ScanBuffer.lastAt}. */
  at: number;
}

/** What to keep for the next key, and the animal to open (its Enter is then claimed). */
interface ScanStep {
  buffer: ScanBuffer;
  /** The canonical ID to open, or null for nothing. */
  open: string | null;
  /**
   * The digits exactly as scanned, leading zeros kept: a microchip's number
   * is not an ID's, and "040…" is an Austrian chip. Empty when nothing opens.
   */
  typed: string;
}

/** Inputs whose keys do not type text: a scan over them is still a scan. */
const NOT_TEXT_INPUTS = new Set([
  'button',
  'checkbox',
  'color',
  'file',
  'image',
  'radio',
  'range',
  'reset',
  'submit',
]);

function typingIn(press: ScanKey): boolean {
  if (press.targetEditable) return true;
  if (press.targetTag === 'textarea' || press.targetTag === 'select') return true;
  return press.targetTag === 'input' && !NOT_TEXT_INPUTS.has(press.targetType);
}

/**
 * The rule that tells a scan: digits, and nothing else, then Enter, while no
 * text field is being edited and no dialog is open. A scanner is a keyboard
 * that types an animal's ID and presses Enter; it is told apart by what it
 * types, not by how fast, because key timing is not reliable (a busy computer,
 * a remote desktop or a scanner set to pause between characters all slow it
 * down). The cost is that a person who types digits and Enter outside any
 * field opens that animal too, which is what they would want anyway. Any
 * other key, or a Ctrl, Alt or Meta chord, starts over, so a shortcut or
 * moving around never joins digits typed before it. Digits typed in a field
 * are that field's, and say nothing about the next key outside it.
 */
export function scanStep(buffer: ScanBuffer, press: ScanKey): ScanStep {
  const nothing: ScanStep = { buffer: EMPTY_SCAN, open: null, typed: '' };
  if (press.dialogOpen || press.defaultPrevented || typingIn(press)) return nothing;
  if (press.ctrlKey || press.metaKey || press.altKey) return nothing;
  const kept = press.at - buffer.lastAt > SCAN_FORGET_MS ? '' : buffer.digits;
  if (/^[0-9]$/.test(press.key)) {
    return { buffer: { digits: kept + press.key, lastAt: press.at }, open: null, typed: '' };
  }
  if (press.key !== 'Enter' || kept === '') return nothing;
  // Through the same check as "Find by ID": the ID stays a string, so an ID
  // above 2^53 is never rounded to another animal's.
  const parsed = parseAnimalId(kept);
  return parsed.ok ? { buffer: EMPTY_SCAN, open: parsed.id, typed: kept } : nothing;
}
