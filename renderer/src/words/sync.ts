// The words of sync: imported by the screens that use them, not carried by the counter's first screen.
const ENTITY_NAMES: Readonly<Record<string, string>> = {
  document: 'Documento',
  contingency_event: 'Evento de contingencia',
  invalidation: 'Invalidación',
  return: 'Devolución',
  delivery: 'Envío por correo',
  day_close: 'Cierre del día',
};

export const syncWords = {
  title: 'Envío a MH',
  state: 'Estado',
  queue: 'Cola',
  pending: 'Por enviar',
  sending: 'Enviándose',
  unknown: 'Por confirmar con MH',
  done: 'Enviados',
  failed: 'Rechazados',
  lastContact: 'Último contacto con MH',
  normative: 'Normativa de MH',
  normativeSwitch: (to: string, at: string) => `cambia a ${to} el ${at}`,
  hub: 'Oficina central',
  hubLine: (last: string | null, waiting: number, error: string | null) =>
    [last ? `último contacto ${last}` : 'aún sin contacto', `${waiting} por enviar`, error].filter(Boolean).join(' · '),
  hubRefused: (n: number, last: string | null) =>
    `${n === 1 ? '1 registro rechazado' : `${n} registros rechazados`} por la central (se reenvía si cambia, o solo si la central lo corrige: un certificado, un punto de venta; si no, avise a soporte): ${last ?? ''}`,
  hubRefusedItem: (entity: string, ref: string, error: string | null) => `${ENTITY_NAMES[entity] ?? entity} ${ref}: ${error ?? ''}`,
  lastError: 'Último problema',
  alerts: 'Avisos que requieren atención',
  alertCritical: 'Detenido',
  alertWarning: 'Atención',
  retry: 'Reintentar ahora',
  contingencies: 'Contingencias',
  noContingency: 'No hay contingencias abiertas.',
  eventDeadline: 'Enviar el evento antes de',
  documentsDeadline: 'Enviar los documentos antes de',
  rejected: 'Documentos rechazados: corrija y emita de nuevo',
  needingPerson: 'Documentos que esperan a un supervisor',
  sendAgain: 'Enviar de nuevo',
  sentAgain: (number: string) => `${number} se enviará de nuevo a MH.`,
  invalidations: 'Invalidaciones por enviar',
  eventStatus: {
    open: 'abierta: MH no responde',
    ended: 'terminada: enviando el evento',
    sealed: 'evento aceptado: enviando documentos',
    rejected: 'evento rechazado por MH: Sello lo corrige y lo reenvía',
    done: 'cerrada',
  } as Record<string, string>,
  rejection: (attempts: number, words: string) => `MH rechazó el evento ${attempts === 1 ? 'una vez' : `${attempts} veces`}: ${words}`,
  deadlineWarning:
    'Quedan menos de 2 horas para el plazo de MH. Deje la estación encendida y conectada a internet; si no se puede, avise a su contador.',
  deadlineOverdue: 'Venció el plazo de MH. Sello sigue intentando; su contador debe justificarlo por escrito ante la DGII.',
  overdue: 'Documentos de contingencia fuera del plazo de 72 horas',
  overdueHelp:
    'MH ya no los recibe en plazo. Sello sigue intentando enviarlos; su contador debe presentar por escrito a la DGII la justificación y pedir prórroga. Conserve el JSON firmado de cada uno.',
  overdueItem: (control: string, deadline: string) => `${control} · venció ${deadline}`,
  credentialsHelp:
    'Abra Ajustes → Editar datos de la estación y escriba la contraseña vigente de la API de MH. Mientras tanto siga emitiendo: nada se pierde.',
};
