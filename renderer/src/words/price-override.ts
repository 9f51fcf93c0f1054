// A price below the shelf at the counter, the close's list of them and Ajustes' threshold
// (docs/decisions/0074-price-overrides-and-scans.md).
const usd = (v: string) => `$${Number(v) === Number(Number(v).toFixed(2)) ? Number(v).toFixed(2) : v}`;

export const priceOverrideWords = {
  title: 'Precio por debajo del de estante',
  intro: 'Un supervisor aprueba estos precios con su usuario y su contraseña o PIN:',
  line: (code: string, description: string, shelf: string, price: string) => `${code} · ${description}: ${usd(shelf)} → ${usd(price)}`,
  supervisor: 'Usuario del supervisor',
  secret: 'Contraseña o PIN del supervisor',
  approve: 'Aprobar y emitir',
  approving: 'Verificando…',
  cancel: 'Regresar a la venta (Esc)',
  approved: (name: string) => `Aprobado por ${name}.`,
  // The close's section and its paper.
  closeTitle: 'Precios por debajo del de estante',
  closeNone: 'Ningún precio por debajo del de estante en este período.',
  closeColumns: { document: 'Documento', product: 'Producto', shelf: 'Estante', price: 'Vendido', who: 'Pidió / aprobó' },
  closeWho: (asked: string, approved: string) => (asked === approved ? `${asked} (propio)` : `${asked} / ${approved}`),
  // Ajustes → Precios.
  settingsTitle: 'Precios en el mostrador',
  threshold: 'Rebaja que un cajero hace sin supervisor (%)',
  thresholdHelp: '0: toda rebaja bajo el precio de estante necesita la contraseña o el PIN de un supervisor.',
  save: 'Guardar',
  saved: 'Guardado.',
  money: usd,
};
