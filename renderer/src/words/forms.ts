// The words of forms: imported by the screens that use them, not carried by the counter's first screen.
export const formWords = {
  include: 'Incluir',
  remove: 'Quitar',
  department: 'Departamento',
  municipality: 'Municipio',
  district: 'Distrito',
  complement: 'Calle, número, colonia',
  before2024: 'código anterior a 2024',
  searchHint: 'Escriba el código o el nombre',
  /** Beside a value already in the form that the normative in force lacks (decision 0086). */
  notInForce: 'no existe en la normativa vigente',
  moreOptions: 'Más opciones',
  lineTotal: 'Total de la línea',
};
