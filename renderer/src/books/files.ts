// Saving what the screen hands over, in the browser and in the desktop window alike, as the catalog saves its
// exports (../catalog/files.ts): the bytes in a Blob behind a temporary link that is clicked once.
import type { BookFile } from '../../../shared/books';

export function saveBlob(fileName: string, blob: Blob): void {
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = fileName;
  link.hidden = true;
  document.body.append(link);
  link.click();
  link.remove();
  // The download has started from the URL by now; a minute is ample before letting go of the bytes.
  setTimeout(() => URL.revokeObjectURL(url), 60_000);
}

/** An annex or a book as the station answered it: its bytes (base64) untouched, so the annex keeps its encoding. */
export function saveBookFile(file: BookFile): void {
  saveBlob(file.fileName, new Blob([Uint8Array.from(atob(file.base64), (c) => c.charCodeAt(0))], { type: file.mediaType }));
}
