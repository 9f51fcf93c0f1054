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
  /** The note forms' fields that pick a document instead of typing its id. */
  fields: {
    related: 'Documento relacionado',
    adjusts: 'Documento que ajusta',
    pickRelatedFirst: 'Elija antes el documento relacionado',
  },
  /** The first step of a note: which lines of the original it adjusts, and how many units of each. */
  lines: {
    title: (note: string, kind: string, control: string) => `${note} del ${kind} ${control}`,
    intro: 'Marque las líneas que ajusta la nota y cuántas unidades de cada una. Espacio marca, Tab avanza, Enter continúa.',
    customer: 'Cliente',
    table: 'Líneas del documento original',
    columns: {
      pick: 'Incluir',
      description: 'Descripción',
      sold: 'Cantidad original',
      quantity: 'Cantidad en la nota',
      price: 'Precio sin IVA',
      saleType: 'Tipo de venta',
    },
    pickOf: (description: string) => `Incluir ${description}`,
    quantityOf: (description: string) => `Cantidad de ${description}`,
    left: 'Lo que aún pueden devolver las notas de crédito',
    leftOf: (type: string, left: string, asked: string) => `${type}: quedan $${left}; esta nota devuelve $${asked}`,
    over: 'La nota devuelve más de lo que queda: MH no la aceptará así. Baje la cantidad o el precio.',
    none: 'Marque al menos una línea.',
    badQuantity: (max: number) => `Una cantidad entera de 1 a ${max}.`,
    noLines: 'Este documento no guarda sus líneas en esta estación: la nota se escribe a mano.',
    continue: 'Continuar (Enter)',
    back: 'Volver a Documentos',
    loading: 'Leyendo el documento…',
  },
  /** A rejected document corrected and issued again under a new code. */
  correct: {
    action: 'Corregir y emitir de nuevo',
    title: (kind: string, control: string) => `Corrección del ${kind} ${control}, rechazado por MH`,
    intro: 'Se emitirá un documento nuevo con otro código; el rechazado queda como está.',
    mhSaid: 'MH dijo',
    general: 'Observaciones de MH',
    note: (message: string) => `MH: ${message}`,
    entry: (n: number, message: string) => `Línea ${n}: ${message}`,
    noBody: 'Este documento no guarda sus datos en esta estación: no se puede corregir desde aquí.',
  },
} as const;
