// Ajustes → Normativa de MH: the words of the normative panel (settings/NormativePanel.tsx).
export const normativeWords = {
  title: 'Normativa de MH',
  intro:
    'Cada documento se emite con la normativa vigente en el momento de emitirlo y la conserva para siempre: los que esperan en cola o en contingencia salen con la versión con que se firmaron.',
  inForce: 'Vigente ahora',
  scheduled: (to: string, at: string) => `Cambia a ${to} el ${at} (hora de El Salvador).`,
  noSwitch: 'No hay cambio programado.',
  current: 'Normativa vigente',
  schedule: 'Programar el cambio a la otra normativa',
  switchAt: 'Fecha y hora del cambio (hora de El Salvador)',
  save: 'Guardar normativa',
  saved: 'Normativa guardada.',
  needsDate: 'Indique la fecha y la hora del cambio, o desmarque la casilla.',
  changedMeanwhile: 'La normativa cambió mientras editaba (llegó la hora del cambio). Revise los datos y guarde de nuevo.',
  onlyAdmins: 'Solo un administrador cambia la normativa.',
} as const;
