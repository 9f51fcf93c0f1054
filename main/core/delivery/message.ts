// The messages a customer receives, in Spanish, plain text and HTML alike: no images, no links but MH's
// public lookup, nothing that reports back when it is opened.
import type { DteKind } from '../../../shared/contract';
import type { DeliveryMessage } from '../../../shared/delivery';
import type { DteRecord } from '../../../shared/records';
import { textOf } from '../../../shared/text';
import { date, money } from '../render/format';
import { lookupUrl } from '../render/qr';
import type { OutgoingMail } from './transport';

export const KIND_WORDS: Readonly<Record<DteKind, string>> = {
  FC: 'Factura',
  CCF: 'Comprobante de crédito fiscal',
  NC: 'Nota de crédito',
  ND: 'Nota de débito',
  CR: 'Comprobante de retención',
  FSE: 'Factura de sujeto excluido',
  FEX: 'Factura de exportación',
  NR: 'Nota de remisión',
  CL: 'Comprobante de liquidación',
  DCL: 'Documento contable de liquidación',
  CD: 'Comprobante de donación',
};

export interface MessageFacts {
  readonly message: DeliveryMessage;
  readonly deliveryId: string;
  readonly messageId: string;
  readonly email: string;
  readonly record: DteRecord;
  /** The MH document's emisor and identificacion, as stored. */
  readonly companyName: string;
  readonly commercialName: string | null;
  readonly ambiente: string;
  readonly fecEmi: string;
  readonly horEmi: string;
  readonly seal: string | null;
  /** The invalidation notice: MH's seal of the invalidation, when it gave one. */
  readonly invalidationSeal: string | null;
  readonly demo: boolean;
  readonly now: Date;
  readonly pdf: Buffer | null;
  readonly json: Buffer | null;
}

export const escapeHtml = (s: string) =>
  s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;').replace(/'/g, '&#39;');

/** The message for one delivery. */
export function composeMessage(f: MessageFacts): OutgoingMail {
  const r = f.record;
  const kind = KIND_WORDS[r.type];
  const code = r.id.toUpperCase();
  const company = f.commercialName && f.commercialName !== f.companyName ? `${f.commercialName} (${f.companyName})` : f.companyName;
  const url = lookupUrl(f.ambiente, code, f.fecEmi);
  const demo = f.demo ? '[DEMOSTRACIÓN] ' : '';
  const facts: [string, string][] = [
    ['Emisor', company],
    ['Documento', kind],
    ['Número de control', r.controlNumber],
    ['Código de generación', code],
    ['Fecha de emisión', `${date(f.fecEmi)} ${textOf(f.horEmi)}`.trim()],
    ['Total', r.total === null ? '—' : money(r.total)],
    ...(f.seal ? ([['Sello de recepción de MH', f.seal]] as [string, string][]) : []),
    ...(f.invalidationSeal ? ([['Sello de la invalidación', f.invalidationSeal]] as [string, string][]) : []),
  ];
  const invalidation = f.message === 'invalidation';
  const subject = invalidation
    ? `${demo}Documento invalidado: ${kind} ${r.controlNumber} de ${f.companyName}`
    : `${demo}${kind} ${r.controlNumber} de ${f.companyName}`;
  const opening = invalidation
    ? `${company} le informa que el Ministerio de Hacienda aceptó la invalidación de este documento tributario electrónico; ya no tiene validez.`
    : `${company} le envía este documento tributario electrónico, aprobado por el Ministerio de Hacienda.`;
  const attached = invalidation
    ? []
    : [`Adjuntos: ${code}.pdf (representación gráfica) y ${code}.json (el documento firmado, con el sello de MH).`];
  const lookup = `Puede verificarlo en la consulta pública del Ministerio de Hacienda: ${url}`;
  const closing = 'Este es un mensaje automático; no es necesario responderlo.';
  const text = [
    opening,
    '',
    ...facts.map(([k, v]) => `${k}: ${v}`),
    '',
    ...attached,
    ...(attached.length ? [''] : []),
    lookup,
    '',
    closing,
    '',
  ].join('\n');
  const rows = factRows(facts);
  const html = [
    '<!doctype html><html lang="es"><head><meta charset="utf-8"></head><body style="font-family:sans-serif">',
    `<p>${escapeHtml(opening)}</p>`,
    `<table>${rows.join('')}</table>`,
    ...attached.map((a) => `<p>${escapeHtml(a)}</p>`),
    `<p>Puede verificarlo en la <a href="${escapeHtml(url)}">consulta pública del Ministerio de Hacienda</a>: ${escapeHtml(url)}</p>`,
    `<p>${escapeHtml(closing)}</p>`,
    '</body></html>',
  ].join('\n');
  const attachments = [
    ...(f.pdf ? [{ filename: `${code}.pdf`, contentType: 'application/pdf', content: f.pdf }] : []),
    ...(f.json ? [{ filename: `${code}.json`, contentType: 'application/json', content: f.json }] : []),
  ];
  return {
    messageId: f.messageId,
    to: f.email,
    subject,
    text,
    html,
    date: f.now,
    attachments,
    headers: { 'Auto-Submitted': 'auto-generated', 'X-Sello-Delivery': f.deliveryId },
  };
}

/** The facts of a message as HTML table rows (this message's, and a return's: return-message.ts). */
export const factRows = (facts: readonly (readonly [string, string])[]): string[] =>
  facts.map(([k, v]) => `<tr><th align="left" style="padding:2px 12px 2px 0">${escapeHtml(k)}</th><td>${escapeHtml(v)}</td></tr>`);

/** `<delivery@station>`: fixed when the delivery is queued, so every try of it carries the same one. */
export const messageIdFor = (deliveryId: string, station: { nit: string; mhCode: string; posNumber: number }): string =>
  `<${deliveryId}@${station.nit}.${station.mhCode.toLowerCase()}-p${String(station.posNumber).padStart(3, '0')}.sello.invalid>`;
