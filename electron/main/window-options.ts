import type { BrowserWindowConstructorOptions, WebPreferences } from 'electron';

/** Where the window runs: `app.isPackaged` is an installed Kennel. */
export interface WindowPlace {
  packaged: boolean;
}

/**
 * The app window's options with Electron's security checklist applied: an
 * isolated, sandboxed renderer without Node, web security on, no insecure
 * content, no `<webview>`, no developer tools once installed, and nothing
 * shown until the first paint is ready.
 */
export function mainWindowOptions(
  preloadPath: string,
  place: WindowPlace,
): BrowserWindowConstructorOptions {
  return {
    width: 1200,
    height: 800,
    minWidth: 720,
    minHeight: 480,
    title: 'Kennel',
    show: false,
    autoHideMenuBar: true,
    webPreferences: hardenedPreferences(preloadPath, place),
  };
}

/**
 * The hidden window that reads the old `file://` origin once: the same
 * checklist, never shown, and not throttled as a background page would be
 * while the app waits for it.
 */
export function moveWindowOptions(
  preloadPath: string,
  place: WindowPlace,
): BrowserWindowConstructorOptions {
  return {
    show: false,
    webPreferences: { ...hardenedPreferences(preloadPath, place), backgroundThrottling: false },
  };
}

function hardenedPreferences(preloadPath: string, place: WindowPlace): WebPreferences {
  return {
    // An installed Kennel's window is staff's, not a developer's: with the
    // tools, anyone at the desk could read the page's storage or drive the bridge.
    devTools: !place.packaged,
    preload: preloadPath,
    contextIsolation: true,
    sandbox: true,
    nodeIntegration: false,
    nodeIntegrationInWorker: false,
    nodeIntegrationInSubFrames: false,
    webSecurity: true,
    allowRunningInsecureContent: false,
    webviewTag: false,
    experimentalFeatures: false,
    navigateOnDragDrop: false,
    spellcheck: false,
  };
}
