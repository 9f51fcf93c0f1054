// The company's books over HTTP (issue 18; docs/decisions/0016-head-office-hub.md "The company's books"): the
// station's books endpoints (http/server.ts) under /hub/v1, with the same query parameters and answers, built
// by the same books code over every station's documents. `point=M001P001` makes them one point of sale's, the very
// files that station makes. Reading the books is reading: every active person (ADMIN, ACCOUNTANT, AUDITOR) may.
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { z } from 'zod';
import { bilingual as bi, described as d } from '../../shared/contract/descriptions';
import { ANNEXES, BOOKS, annexQuery, bookQuery as stationBookQuery, type BookFile } from '../../shared/books';
import { toFieldErrors } from '../../shared/contract';
import { CoreError, validationFailed } from '../core/errors';
import type { Hub } from './create-hub';
import { booksGate } from './books-gate';
import { BOOK_POINT, HUB_BOOKS_SETTINGS } from './books-source';
import { sendDownload } from '../http/download';

/** The station's queries, and `point` for one point of sale's books. */
const point = d(
  z.string().regex(BOOK_POINT, 'Use el código del establecimiento y punto de venta, como M001P001.').optional(),
  bi(
    'Solo este punto de venta (M001P001): los archivos que esa estación hace.',
    'Only this point of sale (M001P001): the files that station makes.',
  ),
);
export const monthQuery = annexQuery.extend({ point });
export const bookQuery = stationBookQuery.extend({ point });

function parsed<T>(schema: z.ZodType<T>, value: unknown): T {
  const r = schema.safeParse(value ?? {});
  if (!r.success) throw validationFailed(toFieldErrors(r.error.issues, value));
  return r.data;
}

/** A path parameter that must be one of `values`; any other is a 404 naming what there is (as the station's). */
function oneOf<T extends string>(value: string, values: readonly T[], what: string): T {
  if (!(values as readonly string[]).includes(value)) throw new CoreError('NOT_FOUND', `${what} no existe: use ${values.join(', ')}.`);
  return value as T;
}

const download = (reply: FastifyReply, f: BookFile) =>
  reply.header('content-disposition', `attachment; filename="${f.fileName}"`).type(f.mediaType).send(Buffer.from(f.base64, 'base64'));

/** `reader` answers the person of a request allowed to read, or throws 401/403 (http.ts's session check). */
export function registerHubBooks(app: FastifyInstance, hub: Hub, reader: (req: FastifyRequest) => Promise<unknown>) {
  // Every book is read as a stream (decision 0043) and an IVA book's file is written as it is drawn (decision 0044):
  // a few months at once.
  const gate = booksGate({ running: 3, queued: 8 });
  // The month: every annex's summary (rows, casillas, MH's checks) and the IVA summary.
  app.get('/hub/v1/books', async (req) => {
    await reader(req);
    const q = parsed(monthQuery, req.query);
    return gate.run(async () => (await hub.books({ point: q.point })).month(q.month));
  });
  app.get<{ Params: { book: string } }>('/hub/v1/books/:book', async (req, reply) => {
    await reader(req);
    const book = oneOf(req.params.book, BOOKS, 'Ese libro');
    const q = parsed(bookQuery, req.query);
    return sendDownload(reply, await gate.run(async () => (await hub.books({ point: q.point })).bookDownload(book, q.month, q.format)));
  });
  app.get<{ Params: { annex: string } }>('/hub/v1/annexes/:annex', async (req, reply) => {
    await reader(req);
    const annex = oneOf(req.params.annex, ANNEXES, 'Ese anexo');
    const q = parsed(monthQuery, req.query);
    return download(reply, await gate.run(async () => (await hub.books({ point: q.point })).annexFile(annex, q.month)));
  });
  // The station's sales report over every station: `pos` and `cashier` narrow it, as at a station.
  app.get('/hub/v1/reports/sales', async (req) => {
    await reader(req);
    return gate.run(async () => (await hub.books()).report(req.query ?? {}));
  });
  app.get('/hub/v1/settings/books', async (req) => {
    await reader(req);
    return HUB_BOOKS_SETTINGS.get();
  });
}
