// A 400 says what is wrong in Spanish only (issue 56): Fastify's own English messages (a body that is not JSON, an
// empty one, a length that lies, a URL with a broken % sequence) never reach the problem's detail. Asked of a real
// `sello serve`, over raw sockets where a client library would refuse to send the request at all.
import { connect } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bodyProblem, urlProblem } from '../../main/http/problem';
import { DEMO_KEY, tempDir } from '../support/core';
import { startServe } from '../support/serve-process';

let url = '';
const cleanups: (() => unknown)[] = [];
beforeAll(async () => {
  const data = tempDir('bad-request-');
  cleanups.push(data.cleanup);
  const serve = await startServe(['--demo', '--data-dir', data.dir, '--port', '0']);
  cleanups.push(() => serve.child.kill('SIGKILL'));
  url = serve.url;
}, 60_000);
afterAll(() => {
  for (const f of cleanups.splice(0).reverse()) f();
});

/** One raw HTTP/1.1 request; the answer's status and its JSON body. */
function raw(request: string): Promise<{ status: number; body: Record<string, unknown> }> {
  const { hostname, port } = new URL(url);
  return new Promise((resolve, reject) => {
    const socket = connect(Number(port), hostname, () => socket.end(request));
    let text = '';
    socket.on('data', (d: Buffer) => (text += d.toString('utf8')));
    socket.on('error', reject);
    socket.on('close', () => {
      const status = Number(/^HTTP\/1\.1 (\d{3})/.exec(text)?.[1] ?? 0);
      const json = text.slice(text.indexOf('\r\n\r\n') + 4);
      // A chunked answer: the JSON between the first size line and the terminating 0.
      const start = json.indexOf('{');
      const end = json.lastIndexOf('}');
      resolve({ status, body: start >= 0 ? (JSON.parse(json.slice(start, end + 1)) as Record<string, unknown>) : {} });
    });
  });
}

const post = (body: string, extra = '', length = Buffer.byteLength(body)) =>
  raw(
    `POST /dte/fc HTTP/1.1\r\nHost: 127.0.0.1\r\nX-API-Key: ${DEMO_KEY}\r\nContent-Type: application/json\r\n` +
      `Content-Length: ${length}\r\nConnection: close\r\n${extra}\r\n${body}`,
  );

/** Words of Fastify's English messages: none may show in a detail. */
const ENGLISH = /\b(body|is not|cannot|valid url|content-type is set|did not match|request)\b/i;

describe('a 400 answers in Spanish only', () => {
  it('a body that is not JSON', async () => {
    const r = await post('{"id":');
    expect(r.status).toBe(400);
    expect(r.body.code).toBe('MALFORMED_REQUEST');
    expect(r.body.detail).toBe('El cuerpo no es JSON válido (o trae __proto__ o constructor.prototype, que no se aceptan).');
  });

  it('a body that smuggles __proto__', async () => {
    const r = await post('{"__proto__":{"x":1}}');
    expect(r.status).toBe(400);
    expect(r.body.detail).not.toMatch(ENGLISH);
  });

  it('an empty JSON body', async () => {
    const r = await post('');
    expect(r.status).toBe(400);
    expect(r.body.detail).toBe('El cuerpo está vacío: envíe un objeto JSON.');
  });

  it('another content type', async () => {
    const r = await raw(
      `POST /dte/fc HTTP/1.1\r\nHost: 127.0.0.1\r\nX-API-Key: ${DEMO_KEY}\r\nContent-Type: application/xml\r\nContent-Length: 3\r\nConnection: close\r\n\r\n<a>`,
    );
    expect(r.status).toBe(400);
    expect(r.body.detail).toBe('Envíe el cuerpo con Content-Type: application/json.');
  });

  it('a URL with a broken % sequence names the path, in Spanish', async () => {
    const r = await raw(`GET /dte/%E0%A4%A HTTP/1.1\r\nHost: 127.0.0.1\r\nX-API-Key: ${DEMO_KEY}\r\nConnection: close\r\n\r\n`);
    expect(r.status).toBe(400);
    expect(r.body.code).toBe('MALFORMED_REQUEST');
    expect(r.body.detail).toContain('La dirección /dte/%E0%A4%A no es válida');
    expect(r.body.detail).not.toMatch(ENGLISH);
  });

  it('an unsupported X-API-Version', async () => {
    const r = await raw(`GET /dte HTTP/1.1\r\nHost: 127.0.0.1\r\nX-API-Key: ${DEMO_KEY}\r\nX-API-Version: 2\r\nConnection: close\r\n\r\n`);
    expect(r.status).toBe(400);
    expect(r.body.detail).not.toMatch(ENGLISH);
  });
});

describe('the mapping, rule by rule', () => {
  it('a length that lies is said in Spanish', () => {
    const p = bodyProblem(
      { code: 'FST_ERR_CTP_INVALID_CONTENT_LENGTH', statusCode: 400, message: 'Request body size did not match Content-Length' },
      10,
    );
    expect(p?.detail).toBe('El cuerpo no mide lo que dice Content-Length.');
  });

  it("an unknown 4xx never carries Fastify's message", () => {
    const p = bodyProblem({ code: 'FST_ERR_SOMETHING_NEW', statusCode: 400, message: 'Some English words' }, 10);
    expect(p?.code).toBe('MALFORMED_REQUEST');
    expect(p?.detail).not.toContain('English');
  });

  it('a 5xx is not the client’s problem', () => {
    expect(bodyProblem({ statusCode: 500, message: 'boom' }, 10)).toBeNull();
  });

  it('the URL keeps only its path, cut short', () => {
    expect(urlProblem(`/x%?${'q'.repeat(10)}`).detail).toContain('La dirección /x% no es válida');
    expect(urlProblem(`/${'a'.repeat(500)}`).detail!.length).toBeLessThan(320);
  });
});
