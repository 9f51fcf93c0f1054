// The words of the company's establishments (forms/BranchField.tsx): the NR's destination and the list a supervisor keeps.
export const branchWords = {
  none: 'Ninguna: los bienes van a otro receptor',
  empty: 'La empresa no tiene otras sucursales en la lista. Un supervisor las agrega con «Editar la lista de sucursales».',
  goesTo: (address: string) => `Destino: ${address}`,
  edit: 'Editar la lista de sucursales',
  editorTitle: 'Sucursales de la empresa',
  editorHint: 'Código de MH de cada establecimiento (M casa matriz, S sucursal, B bodega, P predio, y 3 dígitos), nombre y dirección.',
  list: 'Establecimientos',
  add: 'Agregar establecimiento',
  code: 'Código de MH (p. ej. S002)',
  name: 'Nombre',
  address: 'Dirección',
  save: 'Guardar la lista',
  cancel: 'Cancelar',
  saved: 'Lista de sucursales guardada.',
  loadFailed: 'No se pudo leer la lista de sucursales.',
};
