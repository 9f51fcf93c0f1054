// The letter PDFs' worker thread (docs/decisions/0045-books-off-the-request-thread.md): an e-mail's PDF, or one a POS
// downloads, is drawn here (30 ms and more of pdfkit a document), so a create at the counter never waits behind it.
// The document's view is made on the request thread; only its drawing crosses.
import { serveCalls } from '../workers/serve-calls';
import { letterPdf } from './letter-pdf';
import type { Printable } from './model';

serveCalls(() => ({
  letterPdf: (args) => letterPdf(args[0] as Printable),
}));
