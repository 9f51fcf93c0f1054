// The date pickers' words (DD/MM/AAAA, El Salvador): what each field expects and how its keys move it.
export const esSvWords = {
  placeholder: { date: 'DD/MM/AAAA', month: 'MM/AAAA', datetime: 'DD/MM/AAAA HH:MM' },
  keys: {
    date: 'Escriba DD/MM/AAAA; flechas arriba y abajo: un día; Re Pág y Av Pág: un mes.',
    month: 'Escriba MM/AAAA; flechas arriba y abajo: un mes; Re Pág y Av Pág: un año.',
    datetime: 'Escriba DD/MM/AAAA HH:MM (24 horas); flechas arriba y abajo: un día.',
  },
  invalid: {
    date: 'Esa fecha no existe o no está completa: escríbala como DD/MM/AAAA, por ejemplo 26/11/2026.',
    month: 'Ese mes no está completo: escríbalo como MM/AAAA, por ejemplo 11/2026.',
    datetime: 'Escriba la fecha y la hora como DD/MM/AAAA HH:MM, por ejemplo 26/11/2026 18:05.',
  },
} as const;
