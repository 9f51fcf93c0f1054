// Ajustes in sections, one shown at a time (docs/decisions/0075-paper-at-the-counter.md): the page was a dozen
// panels about 4,000 px tall. The order is the order of the buttons.
export const SETTINGS_SECTIONS = ['station', 'people', 'mail', 'printing', 'backups'] as const;

export type SettingsSection = (typeof SETTINGS_SECTIONS)[number];

export const settingsSectionWords: { readonly label: string; readonly names: Readonly<Record<SettingsSection, string>> } = {
  label: 'Secciones de Ajustes',
  names: {
    station: 'Estación y MH',
    people: 'Personas y claves de API',
    mail: 'Correo y webhooks',
    printing: 'Impresión',
    backups: 'Copias y auditoría',
  },
};
