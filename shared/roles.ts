// The roles and their Spanish names, with no schema behind them: the counter's first screen imports these
// without the validation library (docs/decisions/0042-speed-where-people-feel-it.md).
export const ROLES = ['CASHIER', 'SUPERVISOR', 'ADMIN'] as const;
export type Role = (typeof ROLES)[number];

/** Spanish names of the roles, for every screen. */
export const ROLE_NAMES: Readonly<Record<Role, string>> = {
  CASHIER: 'Cajero',
  SUPERVISOR: 'Supervisor',
  ADMIN: 'Administrador',
};
