// The product catalog's words (Productos): part of `es` in ../strings.ts.
export const catalogWords = {
  title: 'Productos',
} as const;
