// The seven document kinds as a plain list, with no schema behind it, for screens that only name them.
export const DTE_KINDS = ['FC', 'CCF', 'NC', 'ND', 'CR', 'FSE', 'FEX'] as const;
export type DteKind = (typeof DTE_KINDS)[number];

export const isDteKind = (v: string): v is DteKind => (DTE_KINDS as readonly string[]).includes(v);
