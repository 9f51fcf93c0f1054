// The Evento de Retorno's words (the detail's "Devolución"; docs/decisions/0015-evento-de-retorno.md).
import type { ReturnInvalidationStatus, ReturnStatus } from '../../../shared/retorno';

export const retornoWords = {
  title: 'Devoluciones (Evento de Retorno)',
  action: 'Devolución',
  unavailable:
    'Devolución: MH recibe devoluciones (Evento de Retorno) solo con la normativa de 2026. Un administrador la activa en Ajustes → Estación y MH → Normativa de MH; mientras tanto, lo devuelto se corrige invalidando el documento.',
  until: (at: string) => `MH acepta devoluciones de este documento hasta el ${at} (3 meses desde el sello).`,
  intro: 'Indique cuánto se devuelve de cada línea. No puede pasar de lo que queda por devolver.',
  description: 'Descripción',
  leftOfSold: 'Quedan / vendido',
  quantity: 'Se devuelve',
  quantityOf: (description: string, left: number) => `Cantidad que se devuelve de ${description} (quedan ${left})`,
  reason: 'Motivo de la devolución',
  reasonHint: 'De 5 a 150 caracteres; va en el evento que recibe MH.',
  confirm: 'Confirmar devolución',
  sending: 'Enviando a MH…',
  cancel: 'Cancelar',
  nothing: 'Indique la cantidad de al menos una línea.',
  tooMuch: (left: number) => `Quedan ${left} por devolver.`,
  reasonShort: 'Escriba el motivo (al menos 5 caracteres).',
  status: {
    PENDING: 'En espera de MH',
    APPROVED: 'Aprobada por MH',
    REJECTED: 'Rechazada por MH',
    INVALIDATED: 'Invalidada',
    IN_DOUBT: 'En duda: revise en MH',
  } satisfies Record<ReturnStatus, string>,
  done: (status: ReturnStatus, contingency = false) =>
    status === 'APPROVED'
      ? 'MH aprobó la devolución.'
      : status === 'PENDING'
        ? contingency
          ? 'Devolución hecha en contingencia: entregue el comprobante; MH la recibe cuando vuelva la conexión, después del evento de contingencia.'
          : 'La devolución quedó en espera: MH no respondió. Se enviará de nuevo.'
        : status === 'IN_DOUBT'
          ? 'MH ya tiene esta devolución pero su sello no llegó: un supervisor debe revisarla en el portal de MH.'
          : 'MH rechazó la devolución; vea su respuesta abajo.',
  event: (total: string, at: string) => `Devolución por $${total}, ${at}`,
  seal: 'Sello de MH',
  none: 'Sin devoluciones.',
  blocksInvalidation: 'Con una devolución vigente MH no deja invalidar el documento: invalide primero la devolución.',
  contingency: 'Hecha en contingencia: va a MH después del evento de contingencia.',
  receipt: 'Imprimir comprobante',
  letter: 'PDF carta',
  json: 'Guardar JSON',
  receiptLabel: (total: string) => `Imprimir comprobante de la devolución por $${total}`,
  letterLabel: (total: string) => `PDF carta de la devolución por $${total}`,
  emailTo: 'Enviar por correo a',
  emailSend: 'Enviar por correo',
  emailLabel: (total: string) => `Enviar por correo la devolución por $${total}`,
  emailQueued: (email: string) => `La devolución se enviará a ${email} con su PDF y su JSON firmado.`,
  jsonLabel: (total: string) => `Guardar JSON de la devolución por $${total}`,
  invalidate: 'Invalidar esta devolución',
  invalidateIntro:
    'MH anula la devolución: lo devuelto vuelve a contar como vendido y el documento se puede invalidar. No lleva documento de reemplazo.',
  invalidateUntil: (at: string) => `Se puede invalidar hasta el ${at} (décimo día hábil del mes siguiente a su sello).`,
  invalidateReason: 'Motivo de la invalidación',
  invalidateReasonHint: 'De 5 a 200 caracteres; va en el evento de invalidación que recibe MH.',
  invalidateConfirm: 'Confirmar invalidación',
  doubt: {
    title: 'Devolución en duda',
    instructions:
      'MH ya tiene esta devolución, pero su respuesta con el sello se perdió. Búsquela en el portal de MH (admin.factura.gob.sv) ' +
      'por su código de generación: si aparece, copie aquí su sello de recepción y confírmela; si no aparece, márquela como no recibida y haga la devolución de nuevo.',
    code: 'Código de generación',
    mhSaid: (words: string) => `Lo que respondió MH: ${words}`,
    seal: 'Sello de recepción que muestra el portal de MH',
    sealHint: '40 letras y números, tal como lo muestra el portal.',
    note: 'Nota (lo que vio en el portal)',
    confirm: 'Aparece en MH: confirmar con su sello',
    notReceived: 'No aparece en MH: no fue recibida',
    onlySupervisor: 'Un supervisor debe revisarla en el portal de MH y resolverla.',
    confirmed: 'Devolución confirmada con el sello de MH.',
    undone: 'Marcada como no recibida: lo devuelto vuelve a contar como vendido; haga la devolución de nuevo si corresponde.',
  },
  invalidation: {
    PENDING: 'Invalidación en espera de MH',
    APPROVED: 'MH invalidó la devolución',
    REJECTED: 'MH rechazó la invalidación',
  } satisfies Record<ReturnInvalidationStatus, string>,
  invalidated: (status: ReturnInvalidationStatus) =>
    status === 'APPROVED'
      ? 'MH invalidó la devolución: lo devuelto vuelve a contar como vendido.'
      : status === 'PENDING'
        ? 'La invalidación quedó en espera: MH no respondió. Se enviará de nuevo.'
        : 'MH rechazó la invalidación; vea su respuesta abajo.',
};
