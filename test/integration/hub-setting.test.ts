// The station's head office hub set from Ajustes (PUT /settings/hub; main/core/station/hub-setting.ts), against a
// real hub: a private PostgreSQL, the hub's HTTP server, and a station core behind its own HTTP server. A good token
// is saved and replication starts; a wrong token or an unreachable hub is a 422 naming the field and changes nothing;
// the token never comes back (GET, logs, audit log, the settings table); only an administrator changes it; turning it
// off stops sending. The hub's GET /hub/v1/station answers who a token is, 401 for none or a revoked one.
import { readdirSync, readFileSync, writeFileSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import { join } from 'node:path';
import { createServer } from 'node:net';
import BetterSqlite3 from 'better-sqlite3';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { coreApi } from '../../main/core/api-adapter';
import { createCore, type Core } from '../../main/core/create-core';
import { buildHttpServer } from '../../main/http/server';
import type { Logger } from '../../main/core/logger';
import { silentLogger } from '../../main/core/logger';
import { createHub, type Hub } from '../../main/hub/create-hub';
import { openHubDatabase, type HubDatabase } from '../../main/hub/hub-database';
import { buildHubServer } from '../../main/hub/http';
import { migrateHub } from '../../main/hub/migrate';
import { HUB_MIGRATIONS } from '../../main/hub/migrations';
import type { FieldError } from '../../shared/contract';
import type { HubSettingView } from '../../shared/hub-setting';
import { fcBody, todayBody } from '../fixtures/bodies';
import { tempDir } from '../support/core';
import { setHubCompany, trustStationKey, until } from '../support/hub-stations';
import { startSimulator, stationFileFor } from '../support/mh-sim';
import { recordingProxy } from '../support/recording-proxy';
import { exitOf, startServe } from '../support/serve-process';
import { startPgCluster, type PgCluster } from '../support/pg-cluster';
import { sessionHeaders } from '../support/session';

let cluster: PgCluster;
let db: HubDatabase;
let hub: Hub;
let hubApp: FastifyInstance;
let hubUrl = '';
let token = '';
let otherToken = '';
let revokedToken = '';
let core: Core;
let app: FastifyInstance;
const dir = tempDir();
const logs: string[] = [];
const capture = (level: string) => (message: string, fields?: Record<string, unknown>) =>
  void logs.push(JSON.stringify({ level, message, ...fields }));
const logger: Logger = { info: capture('info'), warn: capture('warn'), error: capture('error') };
const as: Record<'ADMIN' | 'SUPERVISOR' | 'CASHIER', Record<string, string>> = { ADMIN: {}, SUPERVISOR: {}, CASHIER: {} };
let n = 0;
const newId = () => `7f000000-0000-4000-8000-${String(++n).padStart(12, '0')}`;

beforeAll(async () => {
  cluster = await startPgCluster();
  db = openHubDatabase(cluster.url);
  await migrateHub(db.q, HUB_MIGRATIONS);
  hub = createHub({ db: db.q, scryptCost: 10 });
  hubApp = await buildHubServer({ hub, logger: silentLogger });
  hubUrl = await hubApp.listen({ host: '127.0.0.1', port: 0 });
  await hub.stations.register({
    id: 'M001-P001',
    companyId: '06142803901121',
    branchCode: 'M001',
    posNumber: 'P001',
    name: 'Sucursal Centro',
  });
  await hub.stations.register({
    id: 'M002-P001',
    companyId: '06142803901121',
    branchCode: 'M002',
    posNumber: 'P001',
    name: 'Sucursal Norte',
  });
  token = (await hub.tokens.create('M001-P001')).token;
  otherToken = (await hub.tokens.create('M002-P001')).token;
  const revoked = await hub.tokens.create('M001-P001');
  await hub.tokens.revoke(revoked.id);
  revokedToken = revoked.token;
  // The demo station, no hub yet; replication on real timers.
  core = createCore({ dataDir: dir.dir, logger });
  await setHubCompany(hub);
  await trustStationKey(hub, core);
  app = await buildHttpServer(core, { logger });
  as.ADMIN = await sessionHeaders(app, 'admin');
  as.SUPERVISOR = await sessionHeaders(app, 'supervisor');
  as.CASHIER = await sessionHeaders(app, 'cajero');
}, 60_000);
afterAll(async () => {
  await app?.close();
  core?.close();
  await hubApp?.close();
  await db?.close();
  await cluster?.stop();
  dir.cleanup();
});

const put = (who: keyof typeof as, payload: unknown) =>
  app.inject({
    method: 'PUT',
    url: '/settings/hub',
    headers: { ...as[who], 'content-type': 'application/json' },
    payload: JSON.stringify(payload),
  });
const get = async (who: keyof typeof as = 'SUPERVISOR') => {
  const res = await app.inject({ method: 'GET', url: '/settings/hub', headers: as[who] });
  expect(res.statusCode).toBe(200);
  return { view: res.json<HubSettingView>(), body: res.body };
};
type Reply = Awaited<ReturnType<typeof put>>;
const errorsOf = (res: Reply) => res.json<{ errors?: FieldError[] }>().errors ?? [];
const viewOf = (res: Reply) => res.json<HubSettingView>();
const hubIds = async () => (await db.q.selectFrom('documents').select('id').execute()).map((r) => r.id);
const issue = () => core.dtes.create('FC', { ...fcBody(newId()), generatedAt: undefined }, 'test').record.id;
/** A port nothing listens on. */
async function closedPort(): Promise<number> {
  const s = createServer();
  await new Promise<void>((r) => s.listen(0, '127.0.0.1', r));
  const { port } = s.address() as AddressInfo;
  await new Promise((r) => s.close(r));
  return port;
}

describe('GET /hub/v1/station (the hub)', () => {
  it("answers the token's station, and 401 for no token, an unknown one or a revoked one", async () => {
    const ask = (auth?: string) => fetch(`${hubUrl}/hub/v1/station`, auth ? { headers: { authorization: auth } } : {});
    const ok = await ask(`Bearer ${token}`);
    expect(ok.status).toBe(200);
    expect(await ok.json()).toEqual({
      id: 'M001-P001',
      companyId: '06142803901121',
      branchCode: 'M001',
      posNumber: 'P001',
      name: 'Sucursal Centro',
    });
    for (const auth of [undefined, 'Bearer sello_station_nope', `Bearer ${revokedToken}`]) expect((await ask(auth)).status, auth).toBe(401);
  });
});

describe('PUT /settings/hub', () => {
  it('nothing is set at first; a cashier or a supervisor cannot set it, a cashier cannot read it', async () => {
    const { view } = await get();
    expect(view).toMatchObject({ configured: false, url: null, tokenStored: false, connectedAs: null });
    expect(view.status.configured).toBe(false);
    expect((await put('CASHIER', { url: hubUrl, token })).statusCode).toBe(403);
    expect((await put('SUPERVISOR', { url: hubUrl, token })).statusCode).toBe(403);
    expect((await app.inject({ method: 'GET', url: '/settings/hub', headers: as.CASHIER })).statusCode).toBe(403);
    expect((await get()).view.configured).toBe(false);
  });

  it('a wrong token, an unreachable hub, a bad address: a 422 naming the field, and nothing changes', async () => {
    const before = issue();
    const wrong = await put('ADMIN', { url: hubUrl, token: 'sello_station_not-a-real-token' });
    expect(wrong.statusCode).toBe(422);
    expect(errorsOf(wrong)).toEqual([
      { path: 'token', code: 'NOT_ALLOWED', message: 'La central no reconoce este token: pida uno nuevo al administrador de la central.' },
    ]);
    expect(errorsOf(await put('ADMIN', { url: hubUrl, token: revokedToken }))[0]?.path).toBe('token');

    const away = `http://127.0.0.1:${await closedPort()}`;
    const unreachable = await put('ADMIN', { url: away, token });
    expect(unreachable.statusCode).toBe(422);
    const [e] = errorsOf(unreachable);
    expect(e?.path).toBe('url');
    expect(e?.message).toContain(`La central en ${away} no se pudo conectar`);
    expect(e?.message).toContain('revise la dirección');

    // Plain http only to this machine or a private address; an origin only; no credentials in it.
    for (const url of [
      'http://central.empresa.com',
      'http://8.8.8.8:8418',
      'ftp://10.0.0.5',
      `${hubUrl}/hub`,
      'https://u:p@central.empresa.com',
      'central',
    ])
      expect(errorsOf(await put('ADMIN', { url, token }))[0]?.path, url).toBe('url');
    expect(errorsOf(await put('ADMIN', { url: hubUrl }))[0]).toMatchObject({ path: 'token', code: 'REQUIRED' });
    expect((await put('ADMIN', { url: hubUrl, token, extra: 1 })).statusCode).toBe(422);

    expect((await get()).view).toMatchObject({ configured: false, url: null, tokenStored: false });
    await new Promise((r) => setTimeout(r, 300));
    expect(await hubIds()).not.toContain(before);
  });

  it('a good token is saved and replication starts: what was issued before and after reaches the hub', async () => {
    const res = await put('ADMIN', { url: `${hubUrl}/`, token });
    expect(res.statusCode).toBe(200);
    const saved = res.json<HubSettingView>();
    expect(saved).toMatchObject({
      configured: true,
      url: hubUrl,
      tokenStored: true,
      connectedAs: { id: 'M001-P001', branchCode: 'M001', posNumber: 'P001', name: 'Sucursal Centro' },
    });
    const after = issue();
    await until(async () => (await hubIds()).includes(after) && core.sync.status().hub.waiting === 0, 'documents at the hub');
    const all = core.dtes.list({ limit: 500 }).items.map((r) => r.id);
    expect((await hubIds()).sort()).toEqual([...all].sort());
    const { view } = await get();
    expect(view.status).toMatchObject({ configured: true, waiting: 0, lastError: null });
    expect(view.status.lastReachedAt).not.toBeNull();
  });

  it('the token never comes back: not in GET, the logs, the audit log or the settings table', async () => {
    for (const who of ['SUPERVISOR', 'ADMIN'] as const) expect((await get(who)).body).not.toContain(token);
    const logged = logs.join('\n');
    expect(logged).toContain('hub setting: saved');
    expect(logged).not.toContain(token);
    expect(logged).not.toContain(token.slice(-20));
    // At rest: sealed, so not in the database files (settings, the audit log, the WAL).
    for (const f of readdirSync(dir.dir).filter((x) => x.startsWith('sello.db')))
      expect(readFileSync(join(dir.dir, f)).includes(Buffer.from(token.slice(-20))), f).toBe(false);
    const file = new BetterSqlite3(join(dir.dir, 'sello.db'), { readonly: true });
    const audited = file.prepare("SELECT actor, detail FROM audit_log WHERE action = 'station.hub'").all() as {
      actor: string;
      detail: string;
    }[];
    file.close();
    expect(audited.length).toBeGreaterThanOrEqual(1);
    expect(audited.at(-1)!.actor).toBe('user:admin');
    expect(JSON.parse(audited.at(-1)!.detail)).toMatchObject({ url: hubUrl, connectedAs: 'M001-P001', tokenChanged: true });
    expect(JSON.stringify(audited)).not.toContain(token);
  });

  it("{url} keeps the stored token; another station's token is shown as that station", async () => {
    const kept = await put('ADMIN', { url: hubUrl });
    expect(kept.statusCode).toBe(200);
    expect(viewOf(kept).connectedAs?.id).toBe('M001-P001');
    const other = await put('ADMIN', { url: hubUrl, token: otherToken });
    expect(viewOf(other).connectedAs).toMatchObject({ id: 'M002-P001', name: 'Sucursal Norte' });
    expect(viewOf(await put('ADMIN', { url: hubUrl, token })).connectedAs?.id).toBe('M001-P001');
  });

  it('the stored token never reaches a new address: 422 naming token, nothing changes; retyped, it goes there', async () => {
    const away = await recordingProxy(hubUrl);
    try {
      const moved = await put('ADMIN', { url: away.url });
      expect(moved.statusCode).toBe(422);
      expect(errorsOf(moved)).toEqual([
        {
          path: 'token',
          code: 'REQUIRED',
          message:
            'Escriba otra vez el token de la central: cambió la dirección, y el token guardado solo se envía a la dirección para la que se escribió.',
        },
      ]);
      // The desktop window's door (IPC) is the same rule.
      const ipc = coreApi(core, silentLogger);
      expect((await ipc.login('admin', 'demo-admin')).ok).toBe(true);
      expect(await ipc.setHubSettings({ url: `${away.url}/` })).toMatchObject({
        ok: false,
        error: { code: 'VALIDATION_FAILED', errors: [{ path: 'token', code: 'REQUIRED' }] },
      });
      // Nothing changed: still the first hub, still replicating there; the new address heard nothing at all.
      expect((await get()).view).toMatchObject({ configured: true, url: hubUrl, connectedAs: { id: 'M001-P001' } });
      const stays = issue();
      await until(async () => (await hubIds()).includes(stays), 'a document at the first hub after the refusal');
      expect(away.seen).toEqual([]);

      // The token typed again for the new address: checked there, saved, and replication goes through it.
      const retyped = (await hub.tokens.create('M001-P001')).token;
      const ok = await put('ADMIN', { url: away.url, token: retyped });
      expect(ok.statusCode).toBe(200);
      expect(viewOf(ok)).toMatchObject({ url: away.url, connectedAs: { id: 'M001-P001' } });
      const through = issue();
      await until(async () => (await hubIds()).includes(through), 'a document through the new address');
      expect(away.seen.length).toBeGreaterThan(0);
      expect(new Set(away.seen)).toEqual(new Set([`Bearer ${retyped}`]));
    } finally {
      expect((await put('ADMIN', { url: hubUrl, token })).statusCode).toBe(200);
      await away.close();
    }
  });

  it('turning it off stops sending; what is issued waits', async () => {
    const off = await put('ADMIN', {});
    expect(off.statusCode).toBe(200);
    expect(viewOf(off)).toMatchObject({ configured: false, url: null, tokenStored: false, connectedAs: null });
    const later = issue();
    await new Promise((r) => setTimeout(r, 1_000));
    expect(await hubIds()).not.toContain(later);
    expect(core.sync.status().hub).toMatchObject({ configured: false });
    expect(core.sync.status().hub.waiting).toBeGreaterThanOrEqual(1);
    // JSON null turns it off too (already off: nothing changes); an empty body is malformed.
    expect((await put('ADMIN', null)).statusCode).toBe(200);
    const empty = await app.inject({ method: 'PUT', url: '/settings/hub', headers: as.ADMIN });
    expect(empty.statusCode).toBe(400);
    // On again: what waited goes.
    expect((await put('ADMIN', { url: hubUrl, token })).statusCode).toBe(200);
    await until(async () => (await hubIds()).includes(later), 'the waiting document after turning it on again');
  });
});

describe('a real `sello serve`: the hub token goes only where it was typed', () => {
  it('Ajustes over HTTP refuses a new address without the token; a station file without one does not start', async () => {
    const sim = await startSimulator();
    const away = await recordingProxy(hubUrl);
    const where = tempDir('sello-hub-token-');
    const fileToken = (await hub.tokens.create('M001-P001')).token;
    const admin = { login: 'jefa', name: 'Jefa de caja', role: 'ADMIN', password: 'Clave-Jefa#2026-segura' };
    const file = stationFileFor(sim, where.dir, 'hub-token-serve-key-0123456789', {
      users: [admin],
      hub: { url: hubUrl, token: fileToken },
    });
    const rewrite = (hubValue: unknown) => {
      const station = JSON.parse(readFileSync(file, 'utf8')) as Record<string, unknown>;
      writeFileSync(file, JSON.stringify({ ...station, hub: hubValue }));
    };
    const args = ['--config', file, '--data-dir', join(where.dir, 'data'), '--port', '0'];
    try {
      const first = await startServe(args);
      try {
        const login = await fetch(`${first.url}/session`, {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify({ login: admin.login, password: admin.password }),
        });
        expect(login.status).toBe(201);
        const cookie = String(login.headers.get('set-cookie')).split(';')[0]!;
        const res = await fetch(`${first.url}/settings/hub`, {
          method: 'PUT',
          headers: { cookie, 'content-type': 'application/json' },
          body: JSON.stringify({ url: away.url }),
        });
        expect(res.status).toBe(422);
        expect(res.headers.get('content-type')).toContain('application/problem+json');
        const problem = (await res.json()) as { errors: FieldError[] };
        expect(problem.errors.map((e) => [e.path, e.code])).toEqual([['token', 'REQUIRED']]);
        const view = (await (await fetch(`${first.url}/settings/hub`, { headers: { cookie } })).json()) as HubSettingView;
        expect(view).toMatchObject({ configured: true, url: hubUrl, tokenStored: true });
      } finally {
        first.child.kill('SIGTERM');
        await exitOf(first.child);
      }

      // The station file moves the hub but carries no token: the start is refused, naming hub.token.
      rewrite({ url: away.url });
      const refused = await startServe(args).then(
        () => 'started',
        (e: Error) => e.message,
      );
      expect(refused).toMatch(/exited with [1-9]/);
      expect(refused).toContain('hub.token');
      expect(refused).toContain('Escriba el token de la central junto a su dirección');
      expect(away.seen).toEqual([]);

      // With the token written beside the new address, the station replicates there with that token only.
      rewrite({ url: away.url, token: fileToken });
      const moved = await startServe(args);
      try {
        const doc = await fetch(`${moved.url}/dte/fc`, {
          method: 'POST',
          headers: { 'x-api-key': 'hub-token-serve-key-0123456789', 'content-type': 'application/json' },
          body: JSON.stringify(todayBody('FC', '7f00aaaa-0000-4000-8000-000000000001', null)),
        });
        expect(doc.status).toBe(201);
        await until(() => away.seen.length > 0, 'the replicator at the new address');
        expect(new Set(away.seen)).toEqual(new Set([`Bearer ${fileToken}`]));
      } finally {
        moved.child.kill('SIGTERM');
        await exitOf(moved.child);
      }
    } finally {
      await away.close();
      await sim.close();
      where.cleanup();
    }
  }, 120_000);
});
