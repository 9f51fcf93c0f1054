// What an Evento de Retorno's paper shows (MF2 p.28: the customer gets its JSON and graphic representation;
// docs/decisions/0050-evento-de-retorno-complete.md), read from the signed ER and the first document it covers (the
// issuer's name, NRC and address, which the ER itself does not carry). The receipt and the letter draw it as they
// draw a document. MH publishes no public lookup for events, so there is no QR: the generation code and the seal
// identify it.
import type { ReturnRecord } from '../../../shared/retorno';
import { mhDocumentView, type MhEmisorView } from '../dte/mh/document-types';
import type { EretV1Event } from '../dte/retorno/eret-v1';
import { date, money } from './format';
import { itemsOf, place, present, type Party, type Printable } from './model';

const ID_TYPES: Record<string, string> = { '36': 'NIT', '13': 'DUI', '03': 'Pasaporte', '02': 'Carnet de residente', '37': 'Otro' };
const KIND_NAMES: Record<string, string> = { '01': 'Factura', '11': 'Factura de exportación', '14': 'Factura de sujeto excluido' };

export const RETURN_TITLE = 'DEVOLUCIÓN (EVENTO DE RETORNO)';
export const RETURN_NO_QR =
  'MH no publica consulta pública de eventos: identifique esta devolución por su código de generación y su sello de recepción.';

function counterpart(er: EretV1Event, kind: ReturnRecord['type']): Party | null {
  const d = er.documento;
  const title = kind === 'FSE' ? 'Sujeto excluido' : 'Cliente';
  if (!d) return kind === 'FC' ? { title, lines: [['Nombre', 'Consumidor final']] } : null;
  return {
    title,
    lines: present([
      ['Nombre', d.nombre],
      [d.tipoDocumento ? (ID_TYPES[d.tipoDocumento] ?? d.tipoDocumento) : 'Documento', d.numDocumento],
      ['País', d.nombrePais],
      ['Teléfono', d.telefono],
      ['Correo', d.correo],
    ]),
  };
}

export function returnPrintable(
  record: ReturnRecord,
  er: EretV1Event,
  firstDocument: Readonly<Record<string, unknown>>,
  demo: boolean,
): Printable {
  const id = er.identificacion;
  const e: MhEmisorView = mhDocumentView(firstDocument).emisor ?? {};
  const r = er.resumen;
  const contingency = id.tipoOperacion === 2;
  const sealed = record.status === 'APPROVED' || record.status === 'INVALIDATED' ? record.seal : null;
  const view = mhDocumentView(er);
  const reason = er.apendice.find((a) => a.campo === 'motivoRetorno')?.valor ?? record.reason;
  return {
    kind: record.type,
    title: RETURN_TITLE,
    identity: present([
      ['Código de generación', id.codigoGeneracion],
      ['Sello de recepción', sealed ?? 'PENDIENTE'],
      ['Fecha y hora del evento', `${date(id.fecEmi)} ${id.horEmi}`],
      // Signed so when it was made and never re-signed as another model: final.
      ['Modelo de facturación', contingency ? 'Diferido' : null],
      ['Tipo de transmisión', contingency ? `Contingencia (tipo ${id.tipoContingencia})` : null],
      ['Ambiente', id.ambiente === '01' ? 'Producción' : 'Pruebas'],
    ]),
    codigoGeneracion: id.codigoGeneracion,
    numeroControl: 'Evento de Retorno',
    seal: sealed,
    unsealedNotice: sealed
      ? null
      : contingency
        ? 'DEVOLUCIÓN HECHA EN CONTINGENCIA: MH la recibe al volver la conexión. SELLO DE RECEPCIÓN PENDIENTE.'
        : 'SELLO DE RECEPCIÓN PENDIENTE: MH aún no responde; la devolución se envía sola.',
    demo,
    testEnvironment: !demo && id.ambiente === '00',
    voided: record.status === 'INVALIDATED',
    issuer: {
      title: 'Emisor',
      lines: present([
        ['Nombre', e.nombre ?? er.emisor.nombre],
        ['Nombre comercial', e.nombreComercial],
        ['NIT', er.emisor.nit],
        ['NRC', e.nrc],
        ['Dirección', place(e.direccion)],
        ['Establecimiento', `${er.emisor.codEstableMH} / punto de venta ${er.emisor.codPuntoVentaMH}`],
        ['Teléfono', e.telefono],
      ]),
    },
    receiver: counterpart(er, record.type),
    items: itemsOf(record.type, view),
    totals: present([
      [
        'Gravadas / exentas / no sujetas',
        record.type === 'FSE' ? null : `${money(r.totalGravada)} / ${money(r.totalExenta)} / ${money(r.totalNoSuj)}`,
      ],
      ['Compras a sujetos excluidos', record.type === 'FSE' ? money(r.totalCompraExcluidos) : null],
      ['IVA incluido', record.type === 'FC' ? money(r.totalIva) : null],
      ['Retención de renta', r.reteRenta ? money(r.reteRenta) : null],
      ['Total no gravado', r.totalNoGravado ? money(r.totalNoGravado) : null],
    ]),
    totalToPay: ['Total devuelto', money(r.totalPagar)],
    words: r.totalLetras,
    sections: [
      {
        title: 'Documentos de la devolución',
        lines: er.documentoRelacionado.map(
          (d) => [`${KIND_NAMES[d.tipoDocumento] ?? d.tipoDocumento} (${date(d.fechaEmision)})`, d.codigoGeneracion] as [string, string],
        ),
      },
      { title: 'Motivo', lines: [['Motivo de la devolución', reason]] },
    ],
    payments: [],
    qrUrl: null,
    noQrNotice: RETURN_NO_QR,
    sectionsOnReceipt: true,
  };
}
