// The pieces of issue 13 that need no station: password hashing, the secret rules, and the permission sets
// the HTTP routes and the IPC calls share.
import { randomBytes } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { passwordHasher } from '../../main/core/auth/passwords';
import { CALL_PERMISSIONS, issuersOf } from '../../main/core/auth/permissions';
import { DTE_KINDS } from '../../shared/contract';
import { sessions } from '../../main/core/auth/sessions';
import { ROUTE_TABLE } from '../../main/http/server';
import { secretProblem } from '../../shared/people';

describe('passwords', () => {
  const hasher = passwordHasher(randomBytes, 10);

  it('a hash matches its secret only, salted per person, and a malformed one matches nothing', async () => {
    const a = hasher.hash('una clave larga');
    const b = hasher.hash('una clave larga');
    expect(a).not.toBe(b);
    expect(a).toMatch(/^scrypt\$10\$8\$1\$/);
    expect(await hasher.verify('una clave larga', a)).toBe(true);
    expect(hasher.matches('una clave larga', b)).toBe(true);
    expect(await hasher.verify('una clave largA', a)).toBe(false);
    for (const bad of ['', 'plain', a.replace('scrypt', 'bcrypt'), a.replace('$10$', '$99$'), a.slice(0, -4), 'scrypt$10$8$1$$']) {
      expect(await hasher.verify('una clave larga', bad), bad).toBe(false);
      expect(hasher.matches('una clave larga', bad), bad).toBe(false);
    }
  });

  it('the same letters typed composed or decomposed (é, é) are the same password', async () => {
    expect(await hasher.verify('contraseña-é', hasher.hash('contraseña-e\u0301'))).toBe(true);
  });

  it('a stored hash keeps its own cost: raising the default later locks nobody out', async () => {
    const old = passwordHasher(randomBytes, 10).hash('antes-de-subir');
    expect(await passwordHasher(randomBytes, 12).verify('antes-de-subir', old)).toBe(true);
  });
});

describe('secret rules', () => {
  it('cashiers may use a PIN of 6 digits or more; everyone else needs 8 characters', () => {
    expect(secretProblem('CASHIER', '123456')).toBeNull();
    expect(secretProblem('CASHIER', '12345')).toMatch(/6 dígitos/);
    expect(secretProblem('CASHIER', 'abc1234')).toMatch(/PIN/);
    expect(secretProblem('CASHIER', 'clave-larga')).toBeNull();
    expect(secretProblem('SUPERVISOR', '123456')).toMatch(/8 caracteres/);
    expect(secretProblem('ADMIN', '12345678')).toBeNull();
    expect(secretProblem('ADMIN', 'x'.repeat(201))).toMatch(/200/);
  });
});

describe('sessions', () => {
  it('end 12 h after opening and 30 min after the last call; a token only opens its own session', () => {
    let now = 0;
    const s = sessions(() => now, randomBytes);
    const t = s.open('ana');
    const other = s.open('beto');
    expect(t).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(s.resolve(t)).toEqual({ login: 'ana' });
    expect(s.resolve(`${t}x`)).toEqual({ ended: 'unknown' });
    now += 30 * 60_000;
    expect(s.resolve(t)).toEqual({ ended: 'idle' });
    expect(s.resolve(t)).toEqual({ ended: 'unknown' });
    s.endAll('beto');
    expect(s.resolve(other)).toEqual({ ended: 'unknown' });
    const long = s.open('ana');
    for (let i = 0; i < 35; i += 1) {
      now += 20 * 60_000;
      expect(s.resolve(long), `${i}`).toEqual({ login: 'ana' });
    }
    now += 20 * 60_000;
    expect(s.resolve(long)).toEqual({ ended: 'expired' });
  });
});

describe('permissions', () => {
  // The IPC call behind each route; a route and its call must accept the same callers.
  const CALL_OF: Record<string, keyof typeof CALL_PERMISSIONS> = {
    'GET /dte': 'listDtes',
    'GET /dte/:id': 'getDte',
    'GET /dte/:id/detail': 'dteDetail',
    'GET /dte/:id/qr': 'qrCode',
    'GET /dte/:id/download/json': 'dteJson',
    'POST /dte/invalidate': 'invalidate',
    'GET /receivers': 'receivers',
    'POST /closes': 'makeClose',
    'GET /closes': 'listCloses',
    'GET /closes/:id': 'getClose',
    'POST /closes/openings': 'openDrawer',
    'GET /closes/openings/current': 'drawerOpening',
    'GET /sync/status': 'syncStatus',
    'POST /sync/retry': 'retrySync',
    'GET /users': 'listUsers',
    'POST /users': 'createUser',
    'PUT /users/:login': 'updateUser',
    'GET /api-keys': 'listApiKeys',
    'POST /api-keys': 'createApiKey',
    'DELETE /api-keys/:keyId': 'revokeApiKey',
    'GET /settings/printing': 'printSettings',
    'POST /dte/:id/print': 'printReceipt',
    'POST /dte/returns/:id/print': 'printReturnReceipt',
    'POST /closes/:id/print': 'printCloseReceipt',
    'GET /printer/status': 'printerStatus',
    'POST /printer/test': 'testPrint',
    'POST /printer/drawer': 'openCashDrawer',
    'GET /printer/pending': 'pendingReceipts',
    'POST /printer/pending/:jobId/print': 'reprintPending',
    'DELETE /printer/pending/:jobId': 'discardPending',
    'PUT /settings/printing': 'setPrintSettings',
    'GET /settings/station': 'stationInfo',
    'PUT /settings/station': 'updateStation',
    'POST /settings/station/setup': 'setUpStation',
    'POST /settings/welcome-seen': 'seeWelcome',
    'GET /backups': 'backups',
    'POST /backups': 'backupNow',
    'GET /audit/verify': 'verifyAudit',
    'GET /health': 'health',
    'GET /products': 'listProducts',
    'GET /products/:id': 'getProduct',
    'GET /products/export': 'exportProducts',
    'POST /products': 'createProduct',
    'PUT /products/:id': 'updateProduct',
    'POST /products/import': 'importProducts',
  };

  it('a route and the IPC call behind it accept the same callers', () => {
    for (const [route, call] of Object.entries(CALL_OF)) {
      const r = ROUTE_TABLE.find((x) => `${x.method} ${x.path}` === route);
      expect(r, route).toBeDefined();
      expect(r!.roles, route).toEqual(CALL_PERMISSIONS[call]);
    }
    for (const kind of DTE_KINDS) {
      expect(ROUTE_TABLE.find((x) => x.path === `/dte/${kind.toLowerCase()}`)!.roles, kind).toEqual(issuersOf(kind));
    }
  });

  it('a cashier issues sales and remissions; notes, liquidations and donations need a supervisor (decision 0085)', () => {
    const cashier = DTE_KINDS.filter((k) => issuersOf(k).includes('CASHIER'));
    expect(cashier).toEqual(['FC', 'CCF', 'CR', 'FSE', 'FEX', 'NR']);
    for (const kind of DTE_KINDS) expect(issuersOf(kind), kind).toEqual(expect.arrayContaining(['SUPERVISOR', 'ADMIN', 'pos']));
  });
});

describe('session limits', () => {
  it("one person's many logins end that person's oldest sessions, never someone else's", () => {
    const now = 0;
    const s = sessions(() => now, randomBytes);
    const admin = s.open('admin');
    const first = s.open('cajero');
    for (let i = 0; i < 2000; i += 1) s.open('cajero');
    expect(s.resolve(admin)).toEqual({ login: 'admin' });
    expect(s.resolve(first)).toEqual({ ended: 'unknown' });
  });
});
