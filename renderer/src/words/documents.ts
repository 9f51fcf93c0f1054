// Words for documents made from documents (notes from the original, correct and issue again) and the document
// picker: part of `es` in ../strings.ts.
export const fromDocumentWords = {
  picker: {
    search: 'Buscar documento (número de control, cliente o código)',
    results: 'Documentos encontrados',
    none: 'Ningún documento coincide.',
    clear: 'Quitar',
    picked: 'Documento elegido',
  },
} as const;
