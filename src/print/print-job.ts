import { ref } from 'vue';

/**
 * Who fills the page's print layout right now: the list's print table or a
 * sheet of kennel cards. One owner, so printing cards never prints the list
 * beside them, and the browser's own Print (its menu) prints the list only
 * when nothing else was asked for. Each printing component holds a symbol of
 * its own and drops its layout when another takes over.
 */
export const printOwner = ref<symbol | null>(null);

/** Makes `token`'s layout the one printed, dropping any other. */
export function takePrint(token: symbol): void {
  printOwner.value = token;
}

/** Gives the print layout up, if `token` still holds it. */
export function releasePrint(token: symbol): void {
  if (printOwner.value === token) printOwner.value = null;
}
