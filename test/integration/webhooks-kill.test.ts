// Webhooks through a SIGKILL of the real process: `sello serve` with a webhook in its station file, a slow
// receiver (so deliveries are on the wire), the process killed mid-send and started again. Every event reaches
// the receiver after the restart, in order per document, signed; a repeat is only ever a delivery that was in
// flight at the kill, and how many the kill caused is printed.
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_STATION } from '../../main/core/station/demo';
import { todayBody } from '../fixtures/bodies';
import { tempDir } from '../support/core';
import { startSimulator, stationFileFor } from '../support/mh-sim';
import { exitOf, startServe } from '../support/serve-process';
import { webhookReceiver, type WebhookReceiver } from '../support/webhook-receiver';

const KEY = 'webhook-kill-test-key-0123';
const SECRET = 'whsec_station_file_secret_for_the_kill_test';
const DOCUMENTS = 24;
const nit = DEMO_STATION.company.nit;
const credentials = new Map([[nit, 'Api#Clave2026']]);
let sim: Awaited<ReturnType<typeof startSimulator>>;
let dir: ReturnType<typeof tempDir>;
let receiver: WebhookReceiver;
let configFile: string;

beforeAll(async () => {
  sim = await startSimulator({ loteDelayMs: 200, credentials });
  dir = tempDir('sello-webhook-kill-');
  receiver = await webhookReceiver({ secret: SECRET });
  configFile = stationFileFor(sim, dir.dir, KEY);
  const station = JSON.parse(readFileSync(configFile, 'utf8')) as Record<string, unknown>;
  writeFileSync(configFile, JSON.stringify({ ...station, webhooks: [{ url: receiver.url, secret: SECRET }] }));
});
afterAll(async () => {
  await receiver.close();
  await sim.close();
  dir.cleanup();
});

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
async function until(what: string, ok: () => boolean, ms = 60_000): Promise<void> {
  const end = Date.now() + ms;
  while (!ok()) {
    if (Date.now() > end) throw new Error(`timed out waiting for ${what}`);
    await sleep(50);
  }
}

describe('webhooks and kill -9', () => {
  it('delivers what was in flight at the kill after the restart, in order, and counts the repeats', async () => {
    const dataDir = join(dir.dir, 'data');
    const start = () => startServe(['--config', configFile, '--data-dir', dataDir, '--port', '0']);
    let station = await start();
    // Every answer takes a while: deliveries pile up on the wire.
    receiver.setMode({ kind: 'slow', ms: 400, status: 200 });

    const ids: string[] = [];
    for (let i = 1; i <= DOCUMENTS; i++) {
      const id = `4b111000-0000-4000-8000-${String(i).padStart(12, '0')}`;
      const res = await fetch(`${station.url}/dte/fc`, {
        method: 'POST',
        headers: { 'X-API-Key': KEY, 'Content-Type': 'application/json' },
        body: JSON.stringify(todayBody('FC', id, null)),
      });
      expect(res.status).toBe(201);
      ids.push(id);
    }
    await until('requests on the wire', () => receiver.received.length >= 8 && receiver.received.some((r) => r.status === 0));

    const killedAt = Date.now();
    const inFlight = receiver.received.filter((r) => r.status === 0).length;
    station.child.kill('SIGKILL');
    await exitOf(station.child);
    const beforeKill = new Set(receiver.received.map((r) => r.deliveryId));

    receiver.setMode({ kind: 'ok' });
    station = await start();
    try {
      const expected = ids.flatMap((id) => [`${id} dte.created`, `${id} dte.approved`]);
      const acked = () => new Set(receiver.acknowledged().map((r) => `${r.documentId} ${r.event}`));
      await until('every event acknowledged', () => expected.every((e) => acked().has(e)));

      expect(receiver.received.every((r) => r.verified)).toBe(true);
      // In order per document: approved never on the wire before created was acknowledged.
      for (const id of ids) {
        const created = receiver.received.findIndex((r) => r.documentId === id && r.event === 'dte.created' && r.status === 200);
        const approved = receiver.received.findIndex((r) => r.documentId === id && r.event === 'dte.approved');
        expect(created).toBeGreaterThanOrEqual(0);
        expect(approved).toBeGreaterThan(created);
      }
      // A repeat is a delivery the station had sent before the kill without recording its answer.
      const counts = new Map<string, number>();
      for (const r of receiver.received) counts.set(r.deliveryId, (counts.get(r.deliveryId) ?? 0) + 1);
      const repeated = [...counts].filter(([, c]) => c > 1);
      for (const [id] of repeated) expect(beforeKill.has(id)).toBe(true);
      const repeats = receiver.received.length - counts.size;
      // One delivery per event: the kill never queued an event twice.
      expect(counts.size).toBe(expected.length);
      process.stdout.write(
        `webhooks kill -9: ${expected.length} events, ${receiver.received.length} POSTs, ${inFlight} unanswered at the kill, ` +
          `${repeats} repeats (${repeated.length} deliveries sent again after the restart), ` +
          `all delivered ${Date.now() - killedAt} ms after the kill\n`,
      );
      expect(repeats).toBeGreaterThan(0);
      // At most the batch on the wire at the kill (the sender claims 16 at a time).
      expect(repeats).toBeLessThanOrEqual(16);
    } finally {
      station.child.kill('SIGTERM');
      await exitOf(station.child);
    }
  }, 120_000);
});
