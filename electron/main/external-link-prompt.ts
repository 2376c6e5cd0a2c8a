/**
 * What the user is asked before Kennel hands a link to the system browser.
 * Kennel itself links to no outside page, so any link that asks to open is
 * either a future feature or content that should not be there; the user
 * decides, seeing the whole address. Plain data, so it is tested in Node.
 */

/** The message box options Kennel shows; a subset of Electron's `MessageBoxOptions`. */
export interface ExternalLinkPrompt {
  type: 'question';
  title: string;
  message: string;
  detail: string;
  buttons: [string, string];
  defaultId: 0;
  cancelId: 0;
  noLink: true;
}

/** Index of the button that opens the link; anything else (Cancel, Escape, closing) does not. */
export const OPEN_LINK_BUTTON = 1;

/**
 * The question for `url`, already normalised by {@link externalLinkTarget}:
 * its `href` shows international names in their ASCII form, so a look-alike
 * host cannot pass for a familiar one.
 */
export function externalLinkPrompt(url: string): ExternalLinkPrompt {
  return {
    type: 'question',
    title: 'Open a link in your browser?',
    message: 'Kennel was asked to open this address in your web browser:',
    detail: url,
    buttons: ['Cancel', 'Open in browser'],
    defaultId: 0,
    cancelId: 0,
    noLink: true,
  };
}
