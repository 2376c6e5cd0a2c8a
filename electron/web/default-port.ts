/**
 * The browser-mode page's port. It is fixed because the page's origin
 * (`http://127.0.0.1:<port>`) owns its IndexedDB and localStorage: a new port
 * would open an empty database and strand the queued intake records of the
 * last run. `--port` chooses another; it is not remembered.
 */
export const DEFAULT_WEB_PORT = 4580;
