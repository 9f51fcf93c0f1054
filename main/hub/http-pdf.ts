// GET /hub/v1/documents/:id/pdf: a document's letter PDF (representación gráfica) at the head office, drawn by the
// station's own renderer (core/render) from the signed MH JSON the hub stores, so it is the copy the branch printed:
// MH's seal when the station sent it, "pendiente" or "contingencia" otherwise, ANULADO once invalidated. Any person
// who reads documents may have it.
import type { FastifyInstance } from 'fastify';
import { DTE_KINDS, type DteKind } from '../../shared/contract/kinds';
import { DTE_STATUSES, type DteStatus } from '../../shared/records';
import { CoreError } from '../core/errors';
import { readDte, UnknownMhVersion } from '../core/mh-read/read-dte';
import { letterPdf } from '../core/render/letter-pdf';
import { printable } from '../core/render/model';
import type { Hub } from './create-hub';
import { personFor } from './http-auth';

const isKind = (v: string): v is DteKind => (DTE_KINDS as readonly string[]).includes(v);
const isStatus = (v: string): v is DteStatus => (DTE_STATUSES as readonly string[]).includes(v);

/** tipoOperacion by the reader of the document's version; 1 for a row stored unchecked in a form no reader knows. */
function operationOf(kind: DteKind, json: Record<string, unknown>): number {
  try {
    return readDte(kind, json).operation;
  } catch (e) {
    if (e instanceof UnknownMhVersion) return 1;
    throw e;
  }
}

export function registerHubPdf(app: FastifyInstance, hub: Hub): void {
  app.get<{ Params: { id: string } }>('/hub/v1/documents/:id/pdf', async (req, reply) => {
    await personFor(hub, req, 'read');
    const d = await hub.documents.get(req.params.id);
    if (!isKind(d.kind) || !isStatus(d.status))
      throw new CoreError('DTE_NOT_FOUND', `La central no sabe dibujar el documento ${d.id} (tipo ${d.kind}).`);
    const record = { type: d.kind, status: d.status, mhResponse: d.seal ? { selloRecibido: d.seal } : null };
    // The hub shows the document as it holds it now: a contingency re-signing is part of its history there.
    const inContingency = operationOf(d.kind, d.mhJson) === 2;
    const pdf = await letterPdf(printable(record, d.mhJson, false, null, { issuedInContingency: inContingency, cash: null }));
    return reply
      .type('application/pdf')
      .header('content-disposition', `inline; filename="${d.controlNumber}.pdf"`)
      .header('cache-control', 'no-store')
      .send(pdf);
  });
}
