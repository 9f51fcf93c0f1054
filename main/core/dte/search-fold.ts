/** The form names are searched in: no accents, lower case (SQLite's LIKE folds ASCII only). */
export const foldForSearch = (s: string): string => s.normalize('NFD').replace(/\p{M}/gu, '').toLowerCase();
