// The SMTP password goes only where it was typed for (docs/decisions/0033-secrets-go-where-typed.md), against real
// smtp-server instances on loopback that record every AUTH they are offered: a new host or port is a 422 naming
// `password` and the other server never hears the stored one; a server without STARTTLS never gets the password
// unless it is this machine and the administrator said so; the same through a real `sello serve` process.
import { execFileSync } from 'node:child_process';
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { FastifyInstance } from 'fastify';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { FieldError } from '../../shared/contract';
import type { SmtpSettingsView, SmtpTestResult } from '../../shared/delivery';
import { coreApi } from '../../main/core/api-adapter';
import { createCore, type Core } from '../../main/core/create-core';
import { buildHttpServer } from '../../main/http/server';
import { silentLogger } from '../../main/core/logger';
import { tempDir } from '../support/core';
import { startSimulator, stationFileFor } from '../support/mh-sim';
import { exitOf, startServe } from '../support/serve-process';
import { sessionHeaders } from '../support/session';
import { testSmtp, type TestSmtp } from '../support/smtp';

const FIRST = 'Clave-SMTP#primera-2026';
const SECOND = 'Clave-SMTP#segunda-2026';
const from = { name: 'Ferretería El Tornillo', address: 'facturacion@eltornillo.example' };

describe('PUT /settings/smtp and the test message', () => {
  let dir: ReturnType<typeof tempDir>;
  let core: Core;
  let app: FastifyInstance;
  let admin: Record<string, string>;
  let a: TestSmtp;
  let b: TestSmtp;
  beforeEach(async () => {
    dir = tempDir();
    core = createCore({ dataDir: dir.dir, logger: silentLogger });
    app = await buildHttpServer(core, { logger: silentLogger });
    admin = await sessionHeaders(app, 'admin');
    a = await testSmtp();
    b = await testSmtp();
    a.password = FIRST;
    b.password = SECOND;
  });
  afterEach(async () => {
    await app.close();
    core.close();
    await a.stop();
    await b.stop();
    dir.cleanup();
  });

  const put = (body: unknown) =>
    app.inject({
      method: 'PUT',
      url: '/settings/smtp',
      headers: { ...admin, 'content-type': 'application/json' },
      payload: JSON.stringify(body),
    });
  const view = async () => (await app.inject({ method: 'GET', url: '/settings/smtp', headers: admin })).json<SmtpSettingsView>();
  const sendTest = async () => {
    const res = await app.inject({
      method: 'POST',
      url: '/settings/smtp/test',
      headers: { ...admin, 'content-type': 'application/json' },
      payload: JSON.stringify({ email: 'prueba@eltornillo.example' }),
    });
    expect(res.statusCode).toBe(200);
    return res.json<SmtpTestResult>();
  };
  const plain = (port: number, extra: Record<string, unknown> = {}) => ({
    host: '127.0.0.1',
    port,
    secure: false,
    allowInsecureLocal: true,
    user: 'sello',
    from,
    ...extra,
  });

  it('a new port or host needs the password again: 422 naming password, nothing changes, the other server hears nothing', async () => {
    expect((await put(plain(a.port, { password: FIRST }))).statusCode).toBe(200);
    expect((await sendTest()).sent).toBe(true);
    const saved = await view();

    for (const moved of [plain(b.port), plain(a.port, { host: 'localhost' })]) {
      const res = await put(moved);
      expect(res.statusCode, JSON.stringify(moved)).toBe(422);
      expect(res.headers['content-type']).toContain('application/problem+json');
      const errors = res.json<{ errors: FieldError[] }>().errors;
      expect(errors).toEqual([
        {
          path: 'password',
          code: 'REQUIRED',
          message:
            'Escriba otra vez la contraseña del correo: cambió el servidor o el puerto, y la contraseña guardada solo se envía al servidor para el que se escribió.',
        },
      ]);
    }
    expect(await view()).toEqual(saved);
    // The test still goes to the first server; the second never heard a thing.
    expect((await sendTest()).sent).toBe(true);
    expect(a.received).toHaveLength(2);
    expect(b.auths).toEqual([]);
    expect(b.received).toEqual([]);

    // The same server and port keep it (another sender name, no password): nothing to type again.
    expect((await put(plain(a.port, { from: { ...from, name: 'Facturación' } }))).statusCode).toBe(200);
    expect(await view()).toMatchObject({ port: a.port, passwordSet: true });

    // Typed again for the new server: saved, and only that password goes there.
    const retyped = await put(plain(b.port, { password: SECOND }));
    expect(retyped.statusCode).toBe(200);
    expect((await sendTest()).sent).toBe(true);
    expect(b.received).toHaveLength(1);
    expect(b.auths).toEqual([`sello:${SECOND}`]);
    expect(a.auths.every((x) => x === `sello:${FIRST}`)).toBe(true);
  });

  it("the desktop window's door (IPC) keeps the same rule", async () => {
    const ipc = coreApi(core, silentLogger);
    expect((await ipc.login('admin', 'demo-admin')).ok).toBe(true);
    expect(await ipc.setSmtpSettings(plain(a.port, { password: FIRST }))).toMatchObject({ ok: true });
    expect(await ipc.setSmtpSettings(plain(b.port))).toMatchObject({
      ok: false,
      error: { code: 'VALIDATION_FAILED', errors: [{ path: 'password', code: 'REQUIRED' }] },
    });
    expect(await ipc.smtpSettings()).toMatchObject({ ok: true, value: { port: a.port, passwordSet: true } });
    expect(await ipc.testSmtp({ email: 'prueba@eltornillo.example' })).toMatchObject({ ok: true, value: { sent: true } });
    expect(b.auths).toEqual([]);
    expect(a.auths).toEqual([`sello:${FIRST}`]);
  });

  it('a server without STARTTLS never gets the password, unless it is this machine and the setting says so', async () => {
    const noFlag = { ...plain(a.port, { password: FIRST }), allowInsecureLocal: undefined };
    expect((await put(noFlag)).statusCode).toBe(200);
    expect(await view()).toMatchObject({ allowInsecureLocal: false, passwordSet: true });
    const refused = await sendTest();
    expect(refused.sent).toBe(false);
    expect(refused.response).toContain('no ofrece cifrado (STARTTLS) y la contraseña no se envía sin cifrar');
    expect(a.auths).toEqual([]);
    expect(a.received).toEqual([]);

    // The explicit setting is only for this machine: another host is a 422 naming it, and nothing changes.
    const before = await view();
    const away = await put({ ...plain(a.port), host: 'smtp.empresa.com', password: FIRST });
    expect(away.statusCode).toBe(422);
    expect(away.json<{ errors: FieldError[] }>().errors.map((e) => [e.path, e.code])).toEqual([['allowInsecureLocal', 'NOT_ALLOWED']]);
    expect(await view()).toEqual(before);

    // Said on purpose for this machine: it goes, password and all.
    expect((await put(plain(a.port))).statusCode).toBe(200);
    expect(await view()).toMatchObject({ allowInsecureLocal: true, passwordSet: true });
    expect((await sendTest()).sent).toBe(true);
    expect(a.auths).toEqual([`sello:${FIRST}`]);
  });
});

describe('a real `sello serve`: the SMTP password goes only where it was typed', () => {
  it('no STARTTLS, no password sent; a new port over HTTP needs it again; the station file says so explicitly', async () => {
    const sim = await startSimulator();
    const smtp = await testSmtp();
    const other = await testSmtp();
    smtp.password = FIRST;
    const where = tempDir('sello-smtp-serve-');
    const boss = { login: 'jefa', name: 'Jefa de caja', role: 'ADMIN', password: 'Clave-Jefa#2026-segura' };
    const server = {
      host: '127.0.0.1',
      port: smtp.port,
      secure: false,
      user: 'sello',
      password: FIRST,
      from: 'facturacion@eltornillo.example',
    };
    const file = stationFileFor(sim, where.dir, 'smtp-serve-key-0123456789abcdef', { users: [boss], smtp: server });
    const args = ['--config', file, '--data-dir', join(where.dir, 'data'), '--port', '0'];
    const session = async (url: string) => {
      const res = await fetch(`${url}/session`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ login: boss.login, password: boss.password }),
      });
      expect(res.status).toBe(201);
      return String(res.headers.get('set-cookie')).split(';')[0]!;
    };
    const call = (url: string, cookie: string, method: string, path: string, body: unknown) =>
      fetch(`${url}${path}`, { method, headers: { cookie, 'content-type': 'application/json' }, body: JSON.stringify(body) });
    try {
      const first = await startServe(args);
      try {
        const cookie = await session(first.url);
        const test = (await (
          await call(first.url, cookie, 'POST', '/settings/smtp/test', { email: 'a@b.example' })
        ).json()) as SmtpTestResult;
        expect(test.sent).toBe(false);
        expect(test.response).toContain('STARTTLS');
        expect(smtp.auths).toEqual([]);
        const moved = await call(first.url, cookie, 'PUT', '/settings/smtp', {
          host: '127.0.0.1',
          port: other.port,
          secure: false,
          allowInsecureLocal: true,
          user: 'sello',
          from: { address: 'facturacion@eltornillo.example' },
        });
        expect(moved.status).toBe(422);
        expect(((await moved.json()) as { errors: FieldError[] }).errors.map((e) => e.path)).toEqual(['password']);
        const again = await call(first.url, cookie, 'POST', '/settings/smtp/test', { email: 'a@b.example' });
        expect(((await again.json()) as SmtpTestResult).sent).toBe(false);
        expect(other.auths).toEqual([]);
        expect(other.received).toEqual([]);
      } finally {
        first.child.kill('SIGTERM');
        await exitOf(first.child);
      }

      // The station file says, on purpose, that this server on this machine has no TLS: now it goes.
      const station = JSON.parse(readFileSync(file, 'utf8')) as Record<string, unknown>;
      writeFileSync(file, JSON.stringify({ ...station, smtp: { ...server, allowInsecureLocal: true } }));
      const second = await startServe(args);
      try {
        const cookie = await session(second.url);
        const test = (await (
          await call(second.url, cookie, 'POST', '/settings/smtp/test', { email: 'a@b.example' })
        ).json()) as SmtpTestResult;
        expect(test.sent).toBe(true);
        expect(smtp.auths).toEqual([`sello:${FIRST}`]);
        expect(other.auths).toEqual([]);
      } finally {
        second.child.kill('SIGTERM');
        await exitOf(second.child);
      }
    } finally {
      await smtp.stop();
      await other.stop();
      await sim.close();
      where.cleanup();
    }
  }, 120_000);
});

describe('a real `sello serve` and a real STARTTLS server', () => {
  it('the password goes only over an encrypted connection to a certificate the machine trusts', async () => {
    const where = tempDir('sello-smtp-tls-');
    const key = join(where.dir, 'smtp-key.pem');
    const cert = join(where.dir, 'smtp-cert.pem');
    // A certificate for this machine's address; the station trusts it the way a company trusts its own CA.
    execFileSync(
      'openssl',
      [
        'req',
        '-x509',
        '-newkey',
        'rsa:2048',
        '-nodes',
        '-days',
        '1',
        '-subj',
        '/CN=127.0.0.1',
        '-addext',
        'subjectAltName=IP:127.0.0.1,DNS:localhost',
        '-keyout',
        key,
        '-out',
        cert,
      ],
      { stdio: 'ignore' },
    );
    const sim = await startSimulator();
    const smtp = await testSmtp({ tls: { key: readFileSync(key, 'utf8'), cert: readFileSync(cert, 'utf8') } });
    smtp.password = FIRST;
    const boss = { login: 'jefa', name: 'Jefa de caja', role: 'ADMIN', password: 'Clave-Jefa#2026-segura' };
    const server = {
      host: '127.0.0.1',
      port: smtp.port,
      secure: false,
      user: 'sello',
      password: FIRST,
      from: 'facturacion@eltornillo.example',
    };
    const file = stationFileFor(sim, where.dir, 'smtp-tls-key-0123456789abcdef', { users: [boss], smtp: server });
    const args = ['--config', file, '--data-dir', join(where.dir, 'data'), '--port', '0'];
    const testMessage = async (url: string) => {
      const login = await fetch(`${url}/session`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ login: boss.login, password: boss.password }),
      });
      const cookie = String(login.headers.get('set-cookie')).split(';')[0]!;
      const res = await fetch(`${url}/settings/smtp/test`, {
        method: 'POST',
        headers: { cookie, 'content-type': 'application/json' },
        body: JSON.stringify({ email: 'prueba@eltornillo.example' }),
      });
      return (await res.json()) as SmtpTestResult;
    };
    try {
      // A certificate nobody vouched for: anyone could present one, so the password does not go.
      const untrusting = await startServe(args);
      try {
        const test = await testMessage(untrusting.url);
        expect(test.sent).toBe(false);
        expect(test.response).toContain('certificado');
        expect(smtp.auths).toEqual([]);
      } finally {
        untrusting.child.kill('SIGTERM');
        await exitOf(untrusting.child);
      }
      const station = await startServe(args, { NODE_EXTRA_CA_CERTS: cert });
      try {
        const test = await testMessage(station.url);
        expect(test, test.response).toMatchObject({ sent: true });
        expect(smtp.auths).toEqual([`sello:${FIRST}`]);
        expect(smtp.authsSecure).toEqual([true]);
        expect(smtp.received).toHaveLength(1);
      } finally {
        station.child.kill('SIGTERM');
        await exitOf(station.child);
      }
    } finally {
      await smtp.stop();
      await sim.close();
      where.cleanup();
    }
  }, 120_000);
});
