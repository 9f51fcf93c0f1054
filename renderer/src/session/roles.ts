// What each role may do, as the UI offers it: the server refuses the rest (FORBIDDEN) whatever the screen shows.
// A role includes everything of the roles before it.
import { DTE_KINDS, SUPERVISED_KINDS, type DteKind } from '../../../shared/contract/kind-list';
import type { Role } from '../../../shared/roles';

export type Action =
  'adjust' | 'invalidate' | 'retrySync' | 'closeAny' | 'catalog' | 'books' | 'settings' | 'discardReceipt' | 'mailAnywhere';

const RANK: Readonly<Record<Role, number>> = { CASHIER: 0, SUPERVISOR: 1, ADMIN: 2 };
const NEEDS: Readonly<Record<Action, Role>> = {
  // Credit and debit notes (NC, ND).
  adjust: 'SUPERVISOR',
  invalidate: 'SUPERVISOR',
  retrySync: 'SUPERVISOR',
  // Cierre de caja of the whole station or of another person (a cashier closes only their own).
  closeAny: 'SUPERVISOR',
  // Productos: adding, editing and importing (everyone reads the catalog and exports it).
  catalog: 'SUPERVISOR',
  // Libros y reportes: the F-07 annexes, the IVA books and the sales reports (their settings are ADMIN's).
  books: 'SUPERVISOR',
  // Ajustes: the station, people, API keys, e-mail (SMTP), webhooks, printing, backups, the audit log, the books' choices.
  settings: 'ADMIN',
  // A receipt that did not print, dropped from the pending list (DELETE /printer/pending/:id is a supervisor's).
  discardReceipt: 'SUPERVISOR',
  // A document or a return e-mailed to another address than its customer's (the core refuses it to a cashier).
  mailAnywhere: 'SUPERVISOR',
};

export const may = (role: Role, action: Action): boolean => RANK[role] >= RANK[NEEDS[action]];

/** The kinds Emitir offers to this role. */
export const kindsFor = (role: Role): readonly DteKind[] =>
  DTE_KINDS.filter((k) => (SUPERVISED_KINDS.includes(k) ? may(role, 'adjust') : true));
