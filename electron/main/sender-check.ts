import { fileURLToPath } from 'node:url';
import { isAppNavigation } from './navigation-rule';

/** What an IPC event says about who sent it, reduced to plain data. */
export interface SenderFacts {
  /** `event.sender.id`: the webContents that sent the message. */
  webContentsId: number;
  /** `event.senderFrame.url`; null when the frame is gone (navigated away or destroyed). */
  frameUrl: string | null;
  /** True when the sending frame is the top-level frame of its page. */
  isMainFrame: boolean;
}

/**
 * True only when the message comes from the top frame of one of the app's own
 * windows while it shows the app itself. A frame that has navigated elsewhere,
 * an iframe, or any other webContents is refused.
 */
export function isTrustedSender(
  sender: SenderFacts,
  trusted: { webContentsIds: readonly number[]; appUrl: string },
): boolean {
  if (!trusted.webContentsIds.includes(sender.webContentsId)) return false;
  if (!sender.isMainFrame || sender.frameUrl === null) return false;
  return isAppNavigation(sender.frameUrl, trusted.appUrl);
}

/**
 * True only when the message comes from the top frame of the hidden move
 * window while it shows exactly the move page; anything else is refused.
 */
export function isMovePageSender(
  sender: SenderFacts,
  page: { webContentsId: number; url: string },
): boolean {
  if (sender.webContentsId !== page.webContentsId) return false;
  if (!sender.isMainFrame || sender.frameUrl === null) return false;
  return sameFile(sender.frameUrl, page.url);
}

/**
 * Whether two `file:` URLs name the same file, however each spells it (a
 * drive letter's case, which characters are escaped), with the same query and
 * fragment; false for anything else.
 */
function sameFile(a: string, b: string): boolean {
  try {
    const [urlA, urlB] = [new URL(a), new URL(b)];
    if (urlA.search !== urlB.search || urlA.hash !== urlB.hash) return false;
    const [pathA, pathB] = [fileURLToPath(urlA), fileURLToPath(urlB)];
    return process.platform === 'win32'
      ? pathA.toLowerCase() === pathB.toLowerCase()
      : pathA === pathB;
  } catch {
    return false;
  }
}
