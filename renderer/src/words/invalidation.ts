// The invalidation form's words (Invalidar): part of `es` in ../strings.ts.
export const invalidationWords = {
  title: 'Invalidar documento',
} as const;
