// The e-mail that carries an Evento de Retorno to the customer (MF2 p.28: its JSON and graphic representation;
// docs/decisions/0050-evento-de-retorno-complete.md), in the document message's style (message.ts): plain text and
// HTML alike, no images, no link (MH publishes no public lookup for events), the ER's PDF and signed JSON attached.
import type { ReturnRecord } from '../../../shared/retorno';
import { date, money } from '../render/format';
import { escapeHtml, factRows } from './message';
import type { OutgoingMail } from './transport';

export interface ReturnMessageFacts {
  readonly deliveryId: string;
  readonly messageId: string;
  readonly email: string;
  readonly record: ReturnRecord;
  readonly companyName: string;
  /** The ER's fecEmi and horEmi. */
  readonly fecEmi: string;
  readonly horEmi: string;
  readonly demo: boolean;
  readonly now: Date;
  readonly pdf: Buffer;
  readonly json: Buffer;
}

export function composeReturnMessage(f: ReturnMessageFacts): OutgoingMail {
  const r = f.record;
  const code = r.id.toUpperCase();
  const demo = f.demo ? '[DEMOSTRACIÓN] ' : '';
  const facts: [string, string][] = [
    ['Emisor', f.companyName],
    ['Documento', 'Devolución (Evento de Retorno)'],
    ['Código de generación', code],
    ['Fecha', `${date(f.fecEmi)} ${f.horEmi}`.trim()],
    ['Total devuelto', money(r.total)],
    ['Documentos de la devolución', r.dteIds.map((id) => id.toUpperCase()).join(', ')],
    ['Motivo', r.reason],
    ...(r.seal ? ([['Sello de recepción de MH', r.seal]] as [string, string][]) : []),
  ];
  const subject = `${demo}Devolución (Evento de Retorno) de ${f.companyName}`;
  const opening = `${f.companyName} le envía la devolución de su compra, registrada ante el Ministerio de Hacienda.`;
  const attached = `Adjuntos: ${code}.pdf (representación gráfica) y ${code}.json (el evento firmado, con el sello de MH).`;
  const lookup =
    'El Ministerio de Hacienda no publica consulta pública de eventos: la devolución se identifica por su código de generación y su sello.';
  const closing = 'Este es un mensaje automático; no es necesario responderlo.';
  const text = [opening, '', ...facts.map(([k, v]) => `${k}: ${v}`), '', attached, '', lookup, '', closing, ''].join('\n');
  const rows = factRows(facts);
  const html = [
    '<!doctype html><html lang="es"><head><meta charset="utf-8"></head><body style="font-family:sans-serif">',
    `<p>${escapeHtml(opening)}</p>`,
    `<table>${rows.join('')}</table>`,
    `<p>${escapeHtml(attached)}</p>`,
    `<p>${escapeHtml(lookup)}</p>`,
    `<p>${escapeHtml(closing)}</p>`,
    '</body></html>',
  ].join('\n');
  return {
    messageId: f.messageId,
    to: f.email,
    subject,
    text,
    html,
    date: f.now,
    attachments: [
      { filename: `${code}.pdf`, contentType: 'application/pdf', content: f.pdf },
      { filename: `${code}.json`, contentType: 'application/json', content: f.json },
    ],
    headers: { 'Auto-Submitted': 'auto-generated', 'X-Sello-Delivery': f.deliveryId },
  };
}
