// The eleven document kinds (the contract's seven and MH's NR, CL, DCL, CD) as a plain list, with no schema behind it, for screens that only name them.
export const DTE_KINDS = ['FC', 'CCF', 'NC', 'ND', 'CR', 'FSE', 'FEX', 'NR', 'CL', 'DCL', 'CD'] as const;
export type DteKind = (typeof DTE_KINDS)[number];

export const isDteKind = (v: string): v is DteKind => (DTE_KINDS as readonly string[]).includes(v);
