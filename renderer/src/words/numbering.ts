// Ajustes → Numeración: the words of the numbering panel (settings/NumberingPanel.tsx, decision 0029).
export const numberingWords = {
  title: 'Numeración',
  intro:
    'Cada número de control se usa una sola vez ante MH. Una carpeta de datos nueva o restaurada no emite hasta saber dónde sigue la numeración: la oficina central responde sola si está configurada; si no, un administrador la confirma aquí.',
  confirmed: 'La numeración está confirmada.',
  waitingNew: 'Carpeta de datos nueva: la numeración espera confirmación.',
  waitingRestore: 'Estación restaurada de una copia: la numeración espera el último número de MH.',
  hubProblem: (why: string) => `La oficina central no respondió: ${why}.`,
  sequences: 'Secuencias',
  noSequences: 'Aún no se ha emitido ningún documento en esta carpeta.',
  sequence: (kind: string, year: number, pos: number, last: number) => `${kind} ${year}, punto de venta ${pos}: último número ${last}`,
  collision: (control: string, mh: string) => `Detenida: MH ya tiene otro documento con ${control} (MH dijo: «${mh}»).`,
  isNew: 'Es un punto de venta nuevo: empezar en 1',
  isNewWarning: 'Solo si este punto de venta nunca emitió documentos, en ninguna computadora.',
  kind: 'Tipo de documento',
  last: 'Último número de control que tiene MH',
  warning:
    'Escriba el número que MH tiene de verdad (consúltelo en el portal de MH o en la oficina central). Si escribe uno menor, el siguiente documento choca con uno de MH y queda rechazado. Queda registrado en la auditoría.',
  save: 'Seguir después de este número',
  saved: 'Numeración confirmada.',
  onlyAdmins: 'Solo un administrador confirma la numeración.',
  wizardLabel: '¿Este punto de venta ya emitió documentos (en esta u otra computadora)?',
  wizardIssued: 'Sí, o no lo sé: preguntar a la oficina central o confirmarlo en Ajustes antes de emitir',
  wizardNew: 'No, nunca: es un punto de venta nuevo y su numeración empieza en 1',
  lackingTitle: 'Documentos que la copia restaurada no tiene',
  lacking: (l: { kind: string; year: number; posNumber: number; from: number; to: number; source: 'hub' | 'admin' }) =>
    `${l.kind} ${l.year}, punto de venta ${l.posNumber}: ${l.from === l.to ? `número ${l.from}` : `números ${l.from} a ${l.to}`} ` +
    `(MH los tiene, según ${l.source === 'hub' ? 'la oficina central' : 'el número escrito por un administrador'}). Recupérelos para los libros y el cierre.`,
  lackingReviewed: 'Ya los revisé',
} as const;
