/**
 * The object the preload exposes as `window.kennelDesk`: the window's side of
 * the automatic desk copies and the File menu. Only plain values cross each
 * way: the page's bytes as one plain Uint8Array, and from the main process
 * only a reason or a command it knows (never the IPC event, which carries the
 * sender). Pure over the two `ipcRenderer` calls it needs, so it is
 * unit-tested in Node.
 */
import {
  DESK_CHANNELS,
  type DeskCopiesApi,
  type DeskCopyInfo,
  type DeskCopyReason,
  type DeskMenuCommand,
  type DeskMenuWords,
} from '../contract/desk-copies';

/** The part of `ipcRenderer` the desk's side needs. */
export interface DeskIpc {
  invoke(channel: string, ...args: unknown[]): Promise<unknown>;
  on(channel: string, listener: (event: unknown, ...args: unknown[]) => void): unknown;
  removeListener(channel: string, listener: (event: unknown, ...args: unknown[]) => void): unknown;
}

/**
 * The page's bytes as a Uint8Array of their own: IPC copies a view's whole
 * buffer, so a view into a larger one (or a subclass) is copied down first.
 */
function plainBytes(bytes: Uint8Array): Uint8Array {
  const whole =
    Object.getPrototypeOf(bytes) === Uint8Array.prototype &&
    bytes.byteOffset === 0 &&
    bytes.byteLength === bytes.buffer.byteLength;
  return whole ? bytes : new Uint8Array(bytes);
}

function subscribe<T>(
  ipc: DeskIpc,
  channel: string,
  accept: (value: unknown) => value is T,
  listener: (value: T) => void,
): () => void {
  const heard = (_event: unknown, value: unknown): void => {
    if (accept(value)) listener(value);
  };
  ipc.on(channel, heard);
  return () => {
    ipc.removeListener(channel, heard);
  };
}

const isReason = (value: unknown): value is DeskCopyReason => value === 'daily' || value === 'quit';
const isCommand = (value: unknown): value is DeskMenuCommand =>
  value === 'save' || value === 'open';

/** IPC hands a copy's bytes over in an ArrayBuffer of their own, never a shared one. */
function isPlainBytes(value: unknown): value is Uint8Array<ArrayBuffer> {
  return value instanceof Uint8Array && value.buffer instanceof ArrayBuffer;
}

/** Builds `window.kennelDesk` over `ipc`. */
export function createDeskCopiesApi(ipc: DeskIpc): DeskCopiesApi {
  return Object.freeze({
    onWanted: (listener: (reason: DeskCopyReason) => void) =>
      subscribe(ipc, DESK_CHANNELS.wanted, isReason, listener),
    keep: async (bytes: Uint8Array | null, reason: DeskCopyReason) => {
      const copy = bytes instanceof Uint8Array ? plainBytes(bytes) : null;
      const kept = await ipc.invoke(DESK_CHANNELS.keep, copy, isReason(reason) ? reason : null);
      return kept === true;
    },
    list: () => ipc.invoke(DESK_CHANNELS.list) as Promise<DeskCopyInfo[]>,
    read: async (name: string) => {
      const bytes = await ipc.invoke(DESK_CHANNELS.read, String(name));
      return isPlainBytes(bytes) ? bytes : null;
    },
    onMenu: (listener: (command: DeskMenuCommand) => void) =>
      subscribe(ipc, DESK_CHANNELS.menu, isCommand, listener),
    menuWords: async (words: DeskMenuWords) => {
      const { file, save, open, quit } = words;
      await ipc.invoke(DESK_CHANNELS.menuWords, {
        file: String(file),
        save: String(save),
        open: String(open),
        quit: String(quit),
      });
    },
  });
}
