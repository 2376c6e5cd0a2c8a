import { Menu, type MenuItemConstructorOptions } from 'electron';
import { DESK_CHANNELS, type DeskMenuCommand, type DeskMenuWords } from '../contract/desk-copies';
import type { AppWindows } from './setup-window';

/** The File menu's words until the window says which language staff chose. */
const ENGLISH_MENU_WORDS: DeskMenuWords = {
  file: 'File',
  save: 'Save this desk to a file…',
  open: 'Open a desk file…',
  quit: 'Quit',
};

/** The longest menu word the window may send. */
const MENU_WORD_MAX = 60;

const WORD_KEYS = ['file', 'open', 'quit', 'save'] as const;
/** C0 and C1 control characters and DEL: a menu label is one line of plain text. */
function hasControl(word: string): boolean {
  return [...word].some((char) => {
    const code = char.charCodeAt(0);
    return code < 0x20 || (code >= 0x7f && code <= 0x9f);
  });
}

/**
 * The menu words the window sent, if they are four short lines of plain text
 * under exactly the four names; anything else is refused, not trimmed, since
 * only Kennel's own code sends them.
 */
export function parseMenuWords(value: unknown): DeskMenuWords | null {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) return null;
  if (Object.keys(value).sort().join() !== WORD_KEYS.join()) return null;
  const words = value as Record<string, unknown>;
  for (const key of WORD_KEYS) {
    const word = words[key];
    if (typeof word !== 'string' || word.trim() === '' || word.length > MENU_WORD_MAX) return null;
    if (hasControl(word)) return null;
  }
  return {
    file: words.file,
    save: words.save,
    open: words.open,
    quit: words.quit,
  } as DeskMenuWords;
}

/** Where the menu is shown and what it offers beyond the File menu. */
export interface MenuPlace {
  platform: NodeJS.Platform;
  /** Offer reload and the developer tools (the dev server's build only). */
  devTools: boolean;
}

/**
 * The application menu: File (save and open the desk file; Quit, which on
 * macOS lives in the app menu), the standard Edit roles so text shortcuts
 * keep working in fields, and View with zoom, which the default menu gave
 * and staff who need larger text rely on.
 */
function appMenuTemplate(
  words: DeskMenuWords,
  place: MenuPlace,
  command: (command: DeskMenuCommand) => void,
): MenuItemConstructorOptions[] {
  const mac = place.platform === 'darwin';
  // Elsewhere `&` marks the next letter as the menu's key; `&&` shows one.
  const label = (text: string): string => (mac ? text : text.replaceAll('&', '&&'));
  const file: MenuItemConstructorOptions[] = [
    { label: label(words.save), accelerator: 'CmdOrCtrl+S', click: () => command('save') },
    { label: label(words.open), accelerator: 'CmdOrCtrl+O', click: () => command('open') },
  ];
  if (!mac) file.push({ type: 'separator' }, { label: label(words.quit), role: 'quit' });
  const view: MenuItemConstructorOptions[] = [
    ...(place.devTools
      ? ([{ role: 'reload' }, { role: 'toggleDevTools' }, { type: 'separator' }] as const)
      : []),
    { role: 'resetZoom' },
    { role: 'zoomIn' },
    { role: 'zoomOut' },
    { type: 'separator' },
    { role: 'togglefullscreen' },
  ];
  return [
    ...(mac ? [{ role: 'appMenu' } as const] : []),
    { label: label(words.file), submenu: file },
    {
      role: 'editMenu',
      submenu: [
        { role: 'undo' },
        { role: 'redo' },
        { type: 'separator' },
        { role: 'cut' },
        { role: 'copy' },
        { role: 'paste' },
        { role: 'selectAll' },
      ],
    },
    { role: 'viewMenu', submenu: view },
    ...(mac ? [{ role: 'windowMenu' } as const] : []),
  ];
}

/** The menu's one change after start: its words, in the language staff chose. */
export interface AppMenu {
  setWords(words: DeskMenuWords): void;
}

/**
 * Sets the application menu, in English until the window sends its words.
 * Save and Open are handed to the app window (there is only one); with none
 * open there is nobody to do them.
 */
export function setupAppMenu(windows: AppWindows, place: MenuPlace): AppMenu {
  const command = (chosen: DeskMenuCommand): void => {
    windows.current()?.webContents.send(DESK_CHANNELS.menu, chosen);
  };
  const setWords = (words: DeskMenuWords): void => {
    Menu.setApplicationMenu(Menu.buildFromTemplate(appMenuTemplate(words, place, command)));
  };
  setWords(ENGLISH_MENU_WORDS);
  return { setWords };
}
