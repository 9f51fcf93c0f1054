// A PDF receipt printed from a hidden frame on this page (docs/decisions/0075-paper-at-the-counter.md): the
// browser's print dialog opens over the counter, and no tab is left behind for every sale.
import type { ApiError, Result } from '../../shared/errors';

/** How long the frame stays: the print dialog holds the page while it is open, so this runs after it closes. */
const FRAME_LIFE_MS = 60_000;

/** Attaches the PDF to a frame nobody sees, prints it once loaded, and removes the frame a minute later. */
export function printInFrame(pdf: Blob, doc: Document = document): void {
  const url = URL.createObjectURL(pdf);
  const frame = doc.createElement('iframe');
  frame.setAttribute('aria-hidden', 'true');
  frame.setAttribute('tabindex', '-1');
  frame.dataset.testid = 'print-frame';
  frame.title = 'Recibo para imprimir';
  // Not display:none: a hidden frame's PDF viewer would not load, and then nothing prints.
  Object.assign(frame.style, { position: 'fixed', right: '0', bottom: '0', width: '0', height: '0', border: '0', opacity: '0' });
  // Printed without focusing the frame: the focus stays on the counter's scan box, so the next scan or F9 is not lost.
  const had = doc.activeElement;
  frame.addEventListener('load', () => {
    try {
      frame.contentWindow?.print();
    } catch {
      // A viewer that refuses print() from its page still shows nothing: the receipt can be printed again (F9).
    }
    // A PDF viewer that took the focus as it loaded gives it back to where the person was.
    if (doc.activeElement === frame && had && 'focus' in had) (had as HTMLElement).focus();
  });
  frame.src = url;
  doc.body.appendChild(frame);
  setTimeout(() => {
    frame.remove();
    URL.revokeObjectURL(url);
  }, FRAME_LIFE_MS);
}

/** Fetches a PDF and prints it in a hidden frame; a refusal (an ended session) is answered, never a blank print. */
export async function fetchAndPrint(url: string, failed: ApiError): Promise<Result<{ printed: true }>> {
  try {
    const res = await fetch(url, { credentials: 'same-origin', headers: { 'X-API-Version': '1' } });
    if (!res.ok) return { ok: false, error: (await res.json()) as ApiError };
    printInFrame(await res.blob());
    return { ok: true, value: { printed: true } };
  } catch {
    return { ok: false, error: failed };
  }
}
