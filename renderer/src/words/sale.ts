// The quick sale's words (Venta rápida): part of `es` in ../strings.ts.
export const saleWords = {
  title: 'Venta rápida',
} as const;
