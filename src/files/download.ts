/**
 * Offers `blob` as a download named `fileName`: a link with `download` and a
 * Blob URL, clicked and revoked once the download has its own copy.
 */
export function offerDownload(blob: Blob, fileName: string): void {
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = fileName;
  link.click();
  // The download has started; the URL is not needed past this task.
  setTimeout(() => URL.revokeObjectURL(url), 0);
}
