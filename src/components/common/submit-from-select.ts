/**
 * Enter in a closed select submits its form as Enter in a text field does (a
 * select has no such implicit submission of its own): through the form's
 * submit button, so one that is disabled refuses it as it would a click. The
 * key's default is cancelled: Chromium would otherwise open the list, or
 * deliver the key's press to the field the submit has just focused, and
 * submit that empty form a second time.
 */
export function submitFromSelect(event: KeyboardEvent): void {
  const form = (event.target as HTMLSelectElement).form;
  if (form === null || event.isComposing) return;
  event.preventDefault();
  const button = form.querySelector<HTMLButtonElement>('button[type="submit"]');
  if (button === null) form.requestSubmit();
  else button.click();
}
