// The company's establishments (docs/decisions/0084-emitir-new-kinds.md): the list an NR to another branch picks
// its destination from. Everyone at the counter reads it; a supervisor replaces it whole, audited; a bad list is a
// 422 naming the field and keeps nothing; the demo shows its three branches until a list is saved.
import type { FastifyInstance } from 'fastify';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { buildHttpServer } from '../../main/http/server';
import { silentLogger } from '../../main/core/logger';
import { DEMO_BRANCHES } from '../../main/core/station/demo';
import { companyBranches } from '../../main/core/station/branches';
import { openStore } from '../../main/core/store/database';
import { join } from 'node:path';
import { fixedClock, testCore } from '../support/core';
import { sessionHeaders } from '../support/session';

let core: ReturnType<typeof testCore>;
let app: FastifyInstance;
let cashier: Record<string, string>;
let supervisor: Record<string, string>;

beforeEach(async () => {
  core = testCore(fixedClock());
  app = await buildHttpServer(core, { logger: silentLogger });
  cashier = await sessionHeaders(app, 'cajero');
  supervisor = await sessionHeaders(app, 'supervisor');
});
afterEach(async () => {
  await app.close();
  core.cleanup();
});

const SANTA_ANA = {
  code: 'S002',
  name: 'Sucursal Santa Ana Centro',
  address: { department: '02', municipality: '15', district: '10', complement: 'Avenida Independencia Sur 15' },
};
const HEAD = {
  code: 'M001',
  name: 'Casa matriz',
  address: { department: '06', municipality: '23', district: '14', complement: 'Boulevard del Hipódromo 123' },
};

async function call(method: 'GET' | 'PUT', headers: Record<string, string>, payload?: unknown) {
  const res = await app.inject({
    method,
    url: '/settings/branches',
    headers: { ...headers, 'x-api-version': '1' },
    ...(payload === undefined ? {} : { payload: payload as Record<string, unknown> }),
  });
  return { status: res.statusCode, body: res.json<Record<string, unknown>>() };
}
const fieldsOf = (body: Record<string, unknown>) => (body.errors as { path: string; code: string }[]).map((e) => `${e.path} ${e.code}`);

describe('the company’s branches', () => {
  it('the demo shows its three until a list is saved; a cashier reads them', async () => {
    const r = await call('GET', cashier);
    expect(r.status).toBe(200);
    expect(r.body).toEqual({ branches: DEMO_BRANCHES });
  });

  it('a supervisor replaces the list, kept by code and audited', async () => {
    const r = await call('PUT', supervisor, { branches: [SANTA_ANA, { ...HEAD, code: 'm001' }] });
    expect(r.status, JSON.stringify(r.body)).toBe(200);
    expect((r.body.branches as { code: string }[]).map((b) => b.code)).toEqual(['M001', 'S002']);
    expect((await call('GET', cashier)).body).toEqual(r.body);
    const store = openStore(join(core.dataDir, 'sello.db'));
    try {
      const entry = store.sqlite.prepare("SELECT actor, detail FROM audit_log WHERE action = 'settings.branches'").get() as {
        actor: string;
        detail: string;
      };
      expect(entry.actor).toContain('supervisor');
      expect(JSON.parse(entry.detail)).toEqual({ codes: ['M001', 'S002'] });
    } finally {
      store.close();
    }
  });

  it('an empty list is a company with no other branch, not the demo’s', async () => {
    expect((await call('PUT', supervisor, { branches: [] })).status).toBe(200);
    expect((await call('GET', cashier)).body).toEqual({ branches: [] });
  });

  it('a cashier may not change it: 403, nothing kept', async () => {
    expect((await call('PUT', cashier, { branches: [SANTA_ANA] })).status).toBe(403);
    expect((await call('GET', cashier)).body).toEqual({ branches: DEMO_BRANCHES });
  });

  describe('a bad list is a 422 naming the field, and nothing is kept', () => {
    const cases: [string, unknown, string][] = [
      ['a code that is not MH’s', { branches: [{ ...SANTA_ANA, code: 'X12' }] }, 'branches.0.code INVALID_FORMAT'],
      ['a code twice', { branches: [SANTA_ANA, { ...HEAD, code: 'S002' }] }, 'branches.1.code DUPLICATE'],
      ['a name too short', { branches: [{ ...SANTA_ANA, name: 'SA' }] }, 'branches.0.name'],
      [
        'a municipality of another department',
        { branches: [{ ...SANTA_ANA, address: { ...SANTA_ANA.address, municipality: '23' } }] },
        'branches.0.address.municipality',
      ],
      ['no address', { branches: [{ code: 'S002', name: 'Sucursal' }] }, 'branches.0.address'],
      ['a field the list does not have', { branches: [{ ...SANTA_ANA, phone: '22220000' }] }, 'branches.0'],
      ['no list at all', {}, 'branches'],
    ];
    for (const [what, payload, field] of cases) {
      it(what, async () => {
        const r = await call('PUT', supervisor, payload);
        expect(r.status).toBe(422);
        expect(fieldsOf(r.body).some((f) => f.startsWith(field))).toBe(true);
        expect((await call('GET', cashier)).body).toEqual({ branches: DEMO_BRANCHES });
      });
    }
  });

  it('a station that is not the demo starts with none', () => {
    const store = openStore(join(core.dataDir, 'sello.db'));
    try {
      const branches = companyBranches({ store, clock: fixedClock(), demo: () => false });
      expect(branches.list()).toEqual({ branches: [] });
    } finally {
      store.close();
    }
  });
});
