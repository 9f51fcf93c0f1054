// An HTTP request sent from a chosen loopback address (127.0.0.2, …): on Linux the whole of 127.0.0.0/8 is this
// machine, so a test can be two callers at two addresses, as a server sees them on its socket.
import { request } from 'node:http';

export interface Answer {
  readonly status: number;
  readonly headers: Record<string, string | string[] | undefined>;
  readonly json: Record<string, unknown>;
}

export function send(
  url: string,
  o: { method?: string; from?: string; body?: unknown; headers?: Record<string, string> } = {},
): Promise<Answer> {
  const body = o.body === undefined ? undefined : JSON.stringify(o.body);
  return new Promise((resolve, reject) => {
    const req = request(
      url,
      {
        method: o.method ?? (body === undefined ? 'GET' : 'POST'),
        localAddress: o.from ?? '127.0.0.1',
        // A fresh connection each time: a kept-alive socket would carry the previous request's address.
        agent: false,
        headers: { ...(body === undefined ? {} : { 'content-type': 'application/json' }), ...o.headers },
      },
      (res) => {
        let text = '';
        res.setEncoding('utf8');
        res.on('data', (c: string) => (text += c));
        res.on('end', () => {
          try {
            resolve({ status: res.statusCode ?? 0, headers: res.headers, json: (text ? JSON.parse(text) : {}) as Record<string, unknown> });
          } catch (e) {
            reject(e instanceof Error ? e : new Error(String(e)));
          }
        });
      },
    );
    req.on('error', reject);
    req.end(body);
  });
}
