// A second address in front of a real server: it records the Authorization header of every request that reaches
// it, then passes the request on. Tests use it as "the new address" a secret must not reach unless typed for it.
import { createServer, request } from 'node:http';
import type { AddressInfo } from 'node:net';

export interface RecordingProxy {
  readonly url: string;
  /** One entry per request: its Authorization header ('' when none). */
  readonly seen: string[];
  close(): Promise<void>;
}

export async function recordingProxy(target: string): Promise<RecordingProxy> {
  const to = new URL(target);
  const seen: string[] = [];
  const server = createServer((req, res) => {
    seen.push(req.headers.authorization ?? '');
    const up = request(
      { host: to.hostname, port: to.port, method: req.method, path: req.url, headers: { ...req.headers, host: to.host } },
      (answer) => {
        res.writeHead(answer.statusCode ?? 502, answer.headers);
        answer.pipe(res);
      },
    );
    up.on('error', () => {
      res.writeHead(502);
      res.end();
    });
    req.pipe(up);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    seen,
    close: () =>
      new Promise((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
