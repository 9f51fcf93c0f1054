// The day's close's words (Cierre de caja): part of `es` in ../strings.ts.
export const closeWords = {
  title: 'Cierre de caja',
} as const;
