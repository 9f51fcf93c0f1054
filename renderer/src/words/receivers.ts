// The words of receivers: imported by the screens that use them, not carried by the counter's first screen.
export const receiverWords = {
  search: 'Cliente frecuente (buscar por nombre, NIT o DUI)',
  none: 'Ningún cliente anterior coincide.',
  results: 'Clientes anteriores',
  uses: (n: number) => (n === 1 ? '1 documento' : `${n} documentos`),
};
