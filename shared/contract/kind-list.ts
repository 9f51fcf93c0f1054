// The eleven document kinds (the contract's seven and MH's NR, CL, DCL, CD) as a plain list, with no schema behind it, for screens that only name them.
export const DTE_KINDS = ['FC', 'CCF', 'NC', 'ND', 'CR', 'FSE', 'FEX', 'NR', 'CL', 'DCL', 'CD'] as const;
export type DteKind = (typeof DTE_KINDS)[number];

export const isDteKind = (v: string): v is DteKind => (DTE_KINDS as readonly string[]).includes(v);

/**
 * Kinds a cashier does not issue (docs/decisions/0085-eleven-kinds-plumbing.md): notes change a sealed sale; a CL, DCL
 * or CD is an accounting document a supervisor answers for.
 */
export const SUPERVISED_KINDS: readonly DteKind[] = ['NC', 'ND', 'CL', 'DCL', 'CD'];

/** Kinds MH never takes as contingency documents (MF2 §VIII p.18): refused while a contingency is open. */
export const NEVER_IN_CONTINGENCY: readonly DteKind[] = ['CL', 'DCL', 'CD'];
