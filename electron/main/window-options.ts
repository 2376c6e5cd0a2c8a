import type { BrowserWindowConstructorOptions, WebPreferences } from 'electron';

/**
 * The app window's options with Electron's security checklist applied: an
 * isolated, sandboxed renderer without Node, web security on, no insecure
 * content, no `<webview>`, and nothing shown until the first paint is ready.
 */
export function mainWindowOptions(preloadPath: string): BrowserWindowConstructorOptions {
  return {
    width: 1200,
    height: 800,
    minWidth: 720,
    minHeight: 480,
    title: 'Kennel',
    show: false,
    autoHideMenuBar: true,
    webPreferences: hardenedPreferences(preloadPath),
  };
}

/**
 * The hidden window that reads the old `file://` origin once: the same
 * checklist, never shown, and not throttled as a background page would be
 * while the app waits for it.
 */
export function moveWindowOptions(preloadPath: string): BrowserWindowConstructorOptions {
  return {
    show: false,
    webPreferences: { ...hardenedPreferences(preloadPath), backgroundThrottling: false },
  };
}

function hardenedPreferences(preloadPath: string): WebPreferences {
  return {
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
