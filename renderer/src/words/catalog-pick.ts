// The words of a form line picked from the catalog (issue 33): the search above each line in Emitir.
export const catalogPickWords = {
  label: 'Producto del catálogo',
  hint: 'Código, código de barras o nombre; ↑/↓ y Enter lo eligen y llenan la línea. También puede escribir la línea a mano.',
  results: 'Productos encontrados',
  none: (text: string) => `Ningún producto activo con «${text}». Busque de otra forma o escriba la línea a mano.`,
  failed: 'No se pudo buscar en el catálogo. Escriba la línea a mano o intente de nuevo.',
  picked: (code: string, description: string) => `Línea llenada con ${code} · ${description}: revise la cantidad.`,
  /** What the line's price will be, on the kind's basis. */
  price: (basis: 'net' | 'none', net: string, shelf: string) =>
    basis === 'net' ? `${net} sin IVA (${shelf} con IVA)` : `precio de compra aparte (venta ${shelf})`,
} as const;
