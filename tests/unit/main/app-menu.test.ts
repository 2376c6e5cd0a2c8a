import { beforeEach, describe, expect, it, vi } from 'vitest';
import type { MenuItemConstructorOptions } from 'electron';
import { DESK_CHANNELS, type DeskMenuWords } from '../../../electron/contract/desk-copies';

vi.mock('electron', () => import('../mocks/electron'));

const { electronMock } = await import('../mocks/electron');
const { parseMenuWords, setupAppMenu } = await import('../../../electron/main/app-menu');
const { setupWindow } = await import('../../../electron/main/setup-window');

const SPANISH = {
  file: 'Archivo',
  save: 'Guardar este escritorio en un archivo…',
  open: 'Abrir un archivo de escritorio…',
  quit: 'Salir',
};
const LINUX = { platform: 'linux', devTools: false } as const;
const MAC = { platform: 'darwin', devTools: false } as const;
/** The longest menu word the window may send. */
const MENU_WORD_MAX = 60;

type Item = MenuItemConstructorOptions;

function submenuOf(item: Item | undefined): Item[] {
  return (item?.submenu ?? []) as Item[];
}

/** What a menu shows, as `label`, `role` or `---` for a separator. */
function shown(items: Item[]): string[] {
  return items.map((item) =>
    item.type === 'separator' ? '---' : (item.label ?? item.role ?? '?'),
  );
}

/** The application menu as set for `place` (in `words` once the window sent them), and its window. */
function menuFor(place: Parameters<typeof setupAppMenu>[1], words?: DeskMenuWords) {
  electronMock.reset();
  const windows = setupWindow('kennel://app/index.html', '/app/out/preload/index.cjs');
  const menu = setupAppMenu(windows, place);
  if (words !== undefined) menu.setWords(words);
  const window = windows.open() as unknown as InstanceType<typeof electronMock.BrowserWindow>;
  return { items: electronMock.Menu.application as Item[], window };
}

describe('the menu', () => {
  it('has File with save, open and quit, the Edit roles and zoom, on Windows and Linux', () => {
    const { items: menu, window } = menuFor(LINUX);
    expect(shown(menu)).toEqual(['File', 'editMenu', 'viewMenu']);
    const file = submenuOf(menu[0]);
    expect(shown(file)).toEqual(['Save this desk to a file…', 'Open a desk file…', '---', 'Quit']);
    expect(file[3]?.role).toBe('quit');
    expect(file.slice(0, 2).map((item) => item.accelerator)).toEqual([
      'CmdOrCtrl+S',
      'CmdOrCtrl+O',
    ]);
    expect(shown(submenuOf(menu[1]))).toEqual([
      'undo',
      'redo',
      '---',
      'cut',
      'copy',
      'paste',
      'selectAll',
    ]);
    expect(shown(submenuOf(menu[2]))).toEqual([
      'resetZoom',
      'zoomIn',
      'zoomOut',
      '---',
      'togglefullscreen',
    ]);

    const click = (item: Item | undefined): void => (item?.click as (() => void) | undefined)?.();
    click(file[1]);
    click(file[0]);
    expect(window.webContents.sent).toEqual([
      { channel: DESK_CHANNELS.menu, args: ['open'] },
      { channel: DESK_CHANNELS.menu, args: ['save'] },
    ]);
  });

  it('puts the app menu first on macOS, where Quit lives, and adds the Window menu', () => {
    const { items: menu } = menuFor(MAC, SPANISH);
    expect(shown(menu)).toEqual(['appMenu', 'Archivo', 'editMenu', 'viewMenu', 'windowMenu']);
    expect(shown(submenuOf(menu[1]))).toEqual([SPANISH.save, SPANISH.open]);
  });

  it('says the words it was given, an ampersand shown as one outside macOS', () => {
    const words = { ...SPANISH, file: 'Archivo & copias' };
    const { items: linux } = menuFor(LINUX, words);
    expect(linux[0]?.label).toBe('Archivo && copias');
    expect(shown(submenuOf(linux[0]))).toEqual([SPANISH.save, SPANISH.open, '---', 'Salir']);
    const { items: mac } = menuFor(MAC, words);
    expect(mac[1]?.label).toBe('Archivo & copias');
  });

  it('offers reload and the developer tools only to the dev build', () => {
    const { items: dev } = menuFor({ ...LINUX, devTools: true });
    expect(shown(submenuOf(dev[2])).slice(0, 3)).toEqual(['reload', 'toggleDevTools', '---']);
    const { items: built } = menuFor(LINUX);
    expect(shown(submenuOf(built[2]))).not.toContain('toggleDevTools');
    expect(shown(submenuOf(built[2]))).not.toContain('reload');
  });
});

describe('the menu words from the window', () => {
  it('are four short lines of plain text under exactly the four names', () => {
    expect(parseMenuWords(SPANISH)).toEqual(SPANISH);
    expect(parseMenuWords({ ...SPANISH, quit: 'q'.repeat(MENU_WORD_MAX) })).not.toBeNull();
    for (const bad of [
      null,
      'Archivo',
      [SPANISH],
      { ...SPANISH, extra: 'x' },
      { file: 'a', save: 'b', open: 'c' },
      { ...SPANISH, quit: 7 },
      { ...SPANISH, quit: 'q'.repeat(MENU_WORD_MAX + 1) },
      { ...SPANISH, save: 'Guardar\nahora' },
      { ...SPANISH, save: 'Guardar\u0007' },
      { ...SPANISH, save: 'Guardar\u0085' },
      { ...SPANISH, open: '   ' },
    ]) {
      expect(parseMenuWords(bad)).toBeNull();
    }
  });

  it('keep nothing but the four words', () => {
    const words = parseMenuWords(
      Object.assign(Object.create({ inherited: 'x' }) as object, SPANISH),
    );
    expect(words).toEqual(SPANISH);
    expect(Object.keys(words ?? {}).sort()).toEqual(['file', 'open', 'quit', 'save']);
  });
});

describe('the application menu', () => {
  beforeEach(() => electronMock.reset());

  it('is English at start, sends Save and Open to the app window, and changes language', () => {
    const windows = setupWindow('kennel://app/index.html', '/app/out/preload/index.cjs');
    const menu = setupAppMenu(windows, LINUX);
    const application = (): Item[] => electronMock.Menu.application as Item[];
    expect(application()[0]?.label).toBe('File');

    // No window yet: nobody to send it to, and nothing breaks.
    (submenuOf(application()[0])[0]?.click as () => void)();
    const window = windows.open() as unknown as InstanceType<typeof electronMock.BrowserWindow>;
    (submenuOf(application()[0])[0]?.click as () => void)();
    (submenuOf(application()[0])[1]?.click as () => void)();
    expect(window.webContents.sent).toEqual([
      { channel: DESK_CHANNELS.menu, args: ['save'] },
      { channel: DESK_CHANNELS.menu, args: ['open'] },
    ]);

    menu.setWords(SPANISH);
    expect(application()[0]?.label).toBe('Archivo');
    expect(shown(submenuOf(application()[0]))).toEqual([
      SPANISH.save,
      SPANISH.open,
      '---',
      'Salir',
    ]);
  });
});
