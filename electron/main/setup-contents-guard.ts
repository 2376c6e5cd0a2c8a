import { app, BrowserWindow, dialog, shell, type WebContents } from 'electron';
import { externalLinkPrompt, OPEN_LINK_BUTTON } from './external-link-prompt';
import { externalLinkTarget, isAppNavigation } from './navigation-rule';

/**
 * Guards every webContents the app ever creates, not only the main window:
 * navigation away from the app is refused, `<webview>` cannot be attached, and
 * new windows are never opened. An https link goes to the system browser only
 * after the user saw its full address and said yes.
 */
export function setupContentsGuard(appUrl: string): void {
  app.on('web-contents-created', (_event, contents) => guardContents(contents, appUrl));
}

/** Applies the guard to one webContents; exported for the window created before any event. */
export function guardContents(contents: WebContents, appUrl: string): void {
  contents.on('will-navigate', (event) => {
    if (!isAppNavigation(event.url, appUrl)) event.preventDefault();
  });
  contents.on('will-redirect', (event) => {
    if (!isAppNavigation(event.url, appUrl)) event.preventDefault();
  });
  contents.on('will-attach-webview', (event) => event.preventDefault());
  let asking = false;
  contents.setWindowOpenHandler(({ url }) => {
    const external = externalLinkTarget(url);
    // One question at a time: a page that opens links in a loop gets no stack of dialogs.
    if (external !== null && !asking) {
      asking = true;
      void askThenOpen(contents, external).finally(() => {
        asking = false;
      });
    }
    return { action: 'deny' };
  });
}

async function askThenOpen(contents: WebContents, url: string): Promise<void> {
  const window = BrowserWindow.fromWebContents(contents);
  const prompt = externalLinkPrompt(url);
  const { response } =
    window === null
      ? await dialog.showMessageBox(prompt)
      : await dialog.showMessageBox(window, prompt);
  if (response === OPEN_LINK_BUTTON) await shell.openExternal(url);
}

/**
 * Guards the hidden window that reads the old origin. The main process loads
 * its one page; the page itself never navigates, attaches no `<webview>` and
 * opens nothing, not even a question about a link, since it is never shown.
 */
export function guardMoveContents(contents: WebContents): void {
  const refuse = (event: { preventDefault(): void }): void => event.preventDefault();
  contents.on('will-navigate', refuse);
  contents.on('will-redirect', refuse);
  contents.on('will-attach-webview', refuse);
  contents.setWindowOpenHandler(() => ({ action: 'deny' }));
}
