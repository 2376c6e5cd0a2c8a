/**
 * A passing barrel while imports move to the contract's own files; the
 * contract codemod deletes it. Import from the file that holds the name.
 */
export * from './bridge';
export * from './camera-view';
export * from './desktop-notice';
export * from './errors';
export * from './pacing';
export * from './pet';
export * from './profiles';
export * from './save-pdf';
