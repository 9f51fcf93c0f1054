// "1 documento", "2 documentos": a count with its noun in the right number, wherever a count is shown.
export const plural = (n: number, one: string, many: string): string => `${n} ${n === 1 ? one : many}`;
