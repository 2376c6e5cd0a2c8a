import { app, shell, type WebContents } from 'electron';
import { externalLinkTarget, isAppNavigation } from './navigation-rule';

/**
 * Guards every webContents the app ever creates, not only the main window:
 * navigation away from the app is refused, `<webview>` cannot be attached, and
 * new windows are never opened (https links go to the system browser instead).
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
  contents.setWindowOpenHandler(({ url }) => {
    const external = externalLinkTarget(url);
    if (external !== null) void shell.openExternal(external);
    return { action: 'deny' };
  });
}
