// Small words at the counter (issue 55, item 7): a count with its noun in the right number, and "Descartar" or an
// e-mail to any address offered only to the roles the station lets do them.
import { describe, expect, it } from 'vitest';
import { plural } from '../../shared/plural';
import { may } from '../../renderer/src/session/roles';
import { es } from '../../renderer/src/strings';

describe('counts', () => {
  it('one documento, many documentos, and a page with more says so', () => {
    expect(es.list.count(1, false)).toBe('1 documento');
    expect(es.list.count(0, false)).toBe('0 documentos');
    expect(es.list.count(2, false)).toBe('2 documentos');
    expect(es.list.count(50, true)).toBe('50+ documentos');
    expect(plural(1, 'devolución', 'devoluciones')).toBe('1 devolución');
    expect(plural(3, 'devolución', 'devoluciones')).toBe('3 devoluciones');
  });
});

describe('who may discard a receipt that did not print', () => {
  it('a supervisor and an administrator, never a cashier (DELETE /printer/pending/:id is a supervisor’s)', () => {
    expect(may('CASHIER', 'discardReceipt')).toBe(false);
    expect(may('SUPERVISOR', 'discardReceipt')).toBe(true);
    expect(may('ADMIN', 'discardReceipt')).toBe(true);
  });

  it('an e-mail to another address than the customer’s is offered to a supervisor, never to a cashier', () => {
    expect(may('CASHIER', 'mailAnywhere')).toBe(false);
    expect(may('SUPERVISOR', 'mailAnywhere')).toBe(true);
  });
});
