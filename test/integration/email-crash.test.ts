// E-mail delivery across kill -9: `sello serve` as a child process with SMTP settings in its station file, a real
// SMTP server that stores each message before it answers (slowly), documents issued over HTTP, a SIGKILL while
// deliveries are in flight, a restart. Every delivery arrives at least once; a repeat carries the same Message-ID.
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DteDetail } from '../../shared/records';
import { todayBody } from '../fixtures/bodies';
import { tempDir } from '../support/core';
import { startSimulator, stationFileFor } from '../support/mh-sim';
import { exitOf, startServe } from '../support/serve-process';
import { testSmtp, type TestSmtp } from '../support/smtp';

const KEY = 'mail-crash-test-key-0123456789';
const DOCUMENTS = 12;
let sim: Awaited<ReturnType<typeof startSimulator>>;
let smtp: TestSmtp;
let dir: ReturnType<typeof tempDir>;
let configFile: string;

beforeAll(async () => {
  sim = await startSimulator({ loteDelayMs: 200 });
  smtp = await testSmtp();
  dir = tempDir('sello-mail-crash-');
  configFile = stationFileFor(sim, dir.dir, KEY);
  const station = JSON.parse(readFileSync(configFile, 'utf8')) as Record<string, unknown>;
  station.smtp = {
    host: '127.0.0.1',
    port: smtp.port,
    secure: false,
    allowInsecureLocal: true,
    from: 'Facturación Sello <facturacion@sello.example>',
  };
  writeFileSync(configFile, JSON.stringify(station));
});
afterAll(async () => {
  await smtp.stop();
  await sim.close();
  dir.cleanup();
});

const headers = { 'X-API-Key': KEY, 'Content-Type': 'application/json' };
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
const id = (n: number) => `3a11c000-0000-4000-8000-${String(n).padStart(12, '0')}`;

describe('e-mail delivery through kill -9', () => {
  it('every delivery arrives at least once; repeats carry the same Message-ID', async () => {
    const dataDir = join(dir.dir, 'data');
    const start = () => startServe(['--config', configFile, '--data-dir', dataDir, '--port', '0'], { SELLO_LOTE_POLL_MS: '500' });
    // The server stores each message, then takes 400 ms to say so: a kill in between loses the answer.
    smtp.answerDelayMs = 400;
    let station = await start();
    const issued: string[] = [];
    for (let n = 1; n <= DOCUMENTS; n++) {
      const body = {
        ...todayBody('FC', id(n), null),
        recipient: { ...(todayBody('FC', id(n), null).recipient as object), email: `cliente${n}@example.com` },
      };
      const res = await fetch(`${station.url}/dte/fc`, { method: 'POST', headers, body: JSON.stringify(body) });
      expect(res.status).toBe(201);
      issued.push(id(n));
    }
    // Killed while messages go out: some taken and answered, one taken without its answer, others still queued.
    const until = Date.now() + 30_000;
    while (smtp.received.length < 3 && Date.now() < until) await sleep(20);
    expect(smtp.received.length).toBeGreaterThanOrEqual(3);
    station.child.kill('SIGKILL');
    await exitOf(station.child);
    const beforeRestart = smtp.received.length;

    smtp.answerDelayMs = 0;
    station = await start();
    const details = async () =>
      Promise.all(issued.map(async (d) => (await (await fetch(`${station.url}/dte/${d}/detail`, { headers })).json()) as DteDetail));
    let all = await details();
    const end = Date.now() + 60_000;
    while (!all.every((d) => d.deliveries.length === 1 && d.deliveries[0]!.status === 'SENT') && Date.now() < end) {
      await sleep(200);
      all = await details();
    }
    station.child.kill('SIGTERM');
    await exitOf(station.child);

    const byMessageId = new Map<string, number>();
    for (const m of smtp.received) byMessageId.set(m.messageId, (byMessageId.get(m.messageId) ?? 0) + 1);
    const repeats = smtp.received.length - byMessageId.size;
    console.log(
      `e-mail crash test: ${DOCUMENTS} deliveries, ${smtp.received.length} messages received (${beforeRestart} before the kill), ${repeats} repeat(s): ${
        [...byMessageId]
          .filter(([, c]) => c > 1)
          .map(([mid, c]) => `${mid} ×${c}`)
          .join(', ') || 'none'
      }`,
    );
    for (const d of all) {
      expect(d.deliveries).toHaveLength(1);
      const delivery = d.deliveries[0]!;
      expect(delivery.status).toBe('SENT');
      // At least once, and every copy is the same message.
      expect(byMessageId.get(delivery.messageId) ?? 0).toBeGreaterThanOrEqual(1);
      const copies = smtp.received.filter((m) => m.messageId === delivery.messageId);
      expect(new Set(copies.map((m) => m.to.join(',')))).toEqual(new Set([delivery.email]));
    }
    // Nothing arrived that the station does not account for.
    expect(byMessageId.size).toBe(DOCUMENTS);
  }, 120_000);
});
