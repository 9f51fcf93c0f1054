// The index at the top of Ajustes.
export const settingsIndexWords = {
  label: 'Secciones de Ajustes',
} as const;
