// The counter receipt's words while it waits for MH's seal (docs/decisions/0037-final-paper.md).
export const paperWords = {
  /** The receipt waits up to 2 s for MH's seal, then prints (sealed, or with where to check the seal). */
  waitingSeal: 'Preparando el recibo: con conexión a MH espera su sello hasta 2 segundos…',
};
