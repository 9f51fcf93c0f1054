// A POS's webhook receiver for tests: a real node:http server whose answer can be changed (2xx, 500, 410, slow),
// which can go away and come back on the same port, and which checks each request's signature with the secret.
import { createHmac, timingSafeEqual } from 'node:crypto';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';

export type ReceiverMode = { kind: 'ok' } | { kind: 'status'; status: number } | { kind: 'slow'; ms: number; status: number };

export interface Received {
  readonly at: number;
  readonly deliveryId: string;
  readonly event: string;
  readonly documentId: string;
  readonly raw: string;
  readonly signature: string;
  /** The answer given (0 when the connection was cut before one). */
  status: number;
  readonly verified: boolean;
}

export interface WebhookReceiver {
  readonly url: string;
  readonly port: number;
  readonly received: Received[];
  setMode(mode: ReceiverMode): void;
  setSecret(secret: string): void;
  /** Stops listening (connections refused) until `up()`. */
  down(): Promise<void>;
  up(): Promise<void>;
  close(): Promise<void>;
  /** Deliveries answered 2xx, by delivery id, first acknowledgement first. */
  acknowledged(): Received[];
}

/** What an integrator's check does (docs/api.md "Webhooks for the POS"): HMAC-SHA256 of "t.body", constant-time, t within 5 min. */
export function verifySignature(secret: string, header: string, raw: string, nowSeconds: number, toleranceS = 300): boolean {
  const parts = Object.fromEntries(header.split(',').map((p) => p.split('=', 2) as [string, string]));
  const t = Number(parts.t);
  if (!Number.isInteger(t) || Math.abs(nowSeconds - t) > toleranceS || !parts.v1) return false;
  const expected = createHmac('sha256', secret).update(`${t}.${raw}`).digest();
  const given = Buffer.from(parts.v1, 'hex');
  return given.length === expected.length && timingSafeEqual(given, expected);
}

export async function webhookReceiver(opts: { secret?: string; port?: number; now?: () => number } = {}): Promise<WebhookReceiver> {
  let mode: ReceiverMode = { kind: 'ok' };
  let secret = opts.secret ?? '';
  const received: Received[] = [];
  const now = opts.now ?? (() => Date.now());
  const make = (): Server =>
    createServer((req, res) => {
      const chunks: Buffer[] = [];
      req.on('data', (c: Buffer) => chunks.push(c));
      req.on('end', () => {
        const raw = Buffer.concat(chunks).toString('utf8');
        const body = JSON.parse(raw) as { deliveryId: string; event: string; data: { id: string } };
        const signature = String(req.headers['x-sello-signature'] ?? '');
        const r: Received = {
          at: now(),
          deliveryId: body.deliveryId,
          event: body.event,
          documentId: body.data.id,
          raw,
          signature,
          status: 0,
          verified: secret !== '' && verifySignature(secret, signature, raw, Math.floor(now() / 1000)),
        };
        received.push(r);
        const answer = (status: number) => {
          if (res.destroyed) return;
          r.status = status;
          res.writeHead(status, { 'content-type': 'text/plain' }).end(status < 300 ? 'ok' : 'no');
        };
        switch (mode.kind) {
          case 'ok':
            return answer(200);
          case 'status':
            return answer(mode.status);
          case 'slow': {
            const status = mode.status;
            setTimeout(() => answer(status), mode.ms);
            return;
          }
          default: {
            const never: never = mode;
            return never;
          }
        }
      });
    });
  let server = make();
  await new Promise<void>((resolve) => server.listen(opts.port ?? 0, '127.0.0.1', resolve));
  const port = (server.address() as AddressInfo).port;
  let listening = true;
  const stop = () =>
    new Promise<void>((resolve) => {
      if (!listening) return resolve();
      listening = false;
      server.closeAllConnections();
      server.close(() => resolve());
    });
  return {
    url: `http://127.0.0.1:${port}/hooks/sello`,
    port,
    received,
    setMode: (m) => {
      mode = m;
    },
    setSecret: (s) => {
      secret = s;
    },
    down: stop,
    up: async () => {
      if (listening) return;
      server = make();
      await new Promise<void>((resolve) => server.listen(port, '127.0.0.1', resolve));
      listening = true;
    },
    close: stop,
    acknowledged() {
      const seen = new Set<string>();
      return received.filter((r) => r.status >= 200 && r.status < 300 && !seen.has(r.deliveryId) && seen.add(r.deliveryId));
    },
  };
}
