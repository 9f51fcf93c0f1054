// The words of issue: imported by the screens that use them, not carried by the counter's first screen.
export const issueWords = {
  title: (kind: string) => `Nuevo documento: ${kind}`,
  kinds: 'Tipo de documento',
  submit: 'Emitir (F12)',
  submitting: 'Emitiendo…',
  keys: 'Enter: siguiente campo · F12 o Ctrl+Enter: emitir',
  issued: (control: string) => `Documento emitido: ${control}`,
  fixFields: 'Revise los campos marcados y vuelva a emitir.',
  another: 'Nuevo documento',
  totals: 'Totales',
  total: 'Total a pagar',
  /** An NR's goods are not paid for: MH's montoTotalOperacion. */
  operationTotal: 'Total de la operación',
  iva: 'IVA',
  retained: 'IVA retenido',
};
