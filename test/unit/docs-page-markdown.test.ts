// /docs draws the document's Markdown as DOM nodes it makes itself (main/http/openapi/docs-page.ts): code spans,
// bold, links to http(s) or the page only, lists and paragraphs; anything else (a script tag, a javascript: link)
// stays text. The page's own script runs here on a small stand-in for the DOM that records every node, so the
// test sees exactly the elements and text the browser would get. The real browser is test/e2e/api-docs.spec.ts.
import { runInNewContext } from 'node:vm';
import Fastify from 'fastify';
import { describe, expect, it } from 'vitest';
import { registerApiDocs } from '../../main/http/openapi/docs-page';

interface FakeText {
  readonly text: string;
}
class FakeElement {
  readonly attrs: Record<string, string> = {};
  children: (FakeElement | FakeText)[] = [];
  readonly listeners: Record<string, (() => void)[]> = {};
  readonly dataset: Record<string, string> = {};
  readonly classList = { toggle: () => undefined, remove: () => undefined };
  open = false;
  constructor(readonly tag: string) {}
  setAttribute(k: string, v: string) {
    this.attrs[k] = String(v);
  }
  append(...cs: (FakeElement | FakeText | string)[]) {
    for (const c of cs) this.children.push(typeof c === 'string' ? { text: c } : c);
  }
  addEventListener(type: string, f: () => void) {
    (this.listeners[type] ??= []).push(f);
  }
  set textContent(v: string) {
    this.children = [{ text: v }];
  }
  querySelector() {
    return null;
  }
  querySelectorAll() {
    return [];
  }
}

const isElement = (n: FakeElement | FakeText): n is FakeElement => n instanceof FakeElement;
const all = (n: FakeElement): FakeElement[] => [n, ...n.children.filter(isElement).flatMap(all)];
const text = (n: FakeElement | FakeText): string => (isElement(n) ? n.children.map(text).join('') : n.text);
const byTag = (n: FakeElement, tag: string) => all(n).filter((e) => e.tag === tag);

const DOC = {
  openapi: '3.1.0',
  info: {
    title: 'Prueba',
    version: '1',
    description:
      'Envíe `X-API-Version: 1`. **Importante**: lea [MH](https://www.mh.gob.sv) y [esto](javascript:alert(1)). <script>alert(1)</script>\n\n- uno\n- dos `2`\n\n1. primero\n2. segundo',
  },
  tags: [{ name: 'Grupo', description: 'Un **grupo**.' }],
  paths: {
    '/x/{id}': {
      post: {
        tags: ['Grupo'],
        operationId: 'postXById',
        summary: 'Hace x',
        description: 'Vea `POST /x/123` y `GET /nada`.',
        parameters: [{ $ref: '#/components/parameters/Prefer' }],
        requestBody: {
          content: {
            'application/json': {
              schema: { allOf: [{ $ref: '#/components/schemas/Base' }, { properties: { b: { type: 'integer' } } }] },
              examples: { uno: { summary: 'Un ejemplo', value: { a: 'valor-del-ejemplo' } } },
            },
          },
        },
        responses: {
          '201': {
            description: 'Hecho, con `Location`.',
            headers: { Location: { $ref: '#/components/headers/Location' } },
            content: { 'application/json': { schema: { type: 'object', properties: { id: { type: 'string', description: 'El id' } } } } },
          },
          '422': { description: '`VALIDATION_FAILED`: datos malos.' },
        },
      },
    },
  },
  webhooks: {
    'algo.paso': { post: { operationId: 'webhookAlgo', summary: 'Pasó algo', responses: { '200': { description: 'Recibido' } } } },
  },
  components: {
    schemas: { Base: { type: 'object', required: ['a'], properties: { a: { type: 'string', description: 'Campo `a` / The `a` field' } } } },
    parameters: { Prefer: { name: 'Prefer', in: 'header', description: '`wait=N`', schema: { type: 'string' } } },
    headers: { Location: { description: 'Dónde quedó', schema: { type: 'string' } } },
  },
};

/** The page's script, run against DOC on the stand-in DOM: the nodes it made. */
async function drawn(): Promise<{ intro: FakeElement; main: FakeElement; nav: FakeElement; body: FakeElement }> {
  const app = Fastify();
  registerApiDocs(app, () => DOC);
  const js = (await app.inject({ method: 'GET', url: '/docs/docs.js' })).body;
  await app.close();
  expect(js).not.toMatch(/innerHTML|outerHTML|insertAdjacentHTML|document\.write|eval\(/);
  const els: Record<string, FakeElement> = {
    intro: new FakeElement('div'),
    tags: new FakeElement('nav'),
    operations: new FakeElement('main'),
    filter: new FakeElement('input'),
  };
  const body = new FakeElement('body');
  body.dataset.openapi = '/openapi.json';
  const document = {
    body,
    createElement: (tag: string) => new FakeElement(tag),
    createTextNode: (t: string): FakeText => ({ text: t }),
    getElementById: (id: string) => els[id] ?? null,
  };
  let done: () => void = () => undefined;
  const ready = new Promise<void>((r) => (done = r));
  const fetchDoc = () => Promise.resolve({ json: () => Promise.resolve(DOC) });
  const window = { addEventListener: () => undefined };
  const location = { hash: '' };
  runInNewContext(js, { document, fetch: fetchDoc, window, location });
  // The script marks the page ready when it has drawn it.
  const poll = () => (body.dataset.ready === 'true' ? done() : setTimeout(poll, 1));
  poll();
  await ready;
  return { intro: els.intro!, main: els.operations!, nav: els.tags!, body };
}

/** Opens an operation as the browser does: `open`, then its toggle event. */
function open(details: FakeElement): FakeElement {
  details.open = true;
  for (const f of details.listeners.toggle ?? []) f();
  return details;
}

describe('/docs draws Markdown as nodes of its own', () => {
  it('code spans, bold, lists and safe links; a script tag and a javascript: link stay text', async () => {
    const { intro } = await drawn();
    expect(byTag(intro, 'code').map(text)).toEqual(['X-API-Version: 1', '2']);
    expect(byTag(intro, 'strong').map(text)).toEqual(['Importante']);
    expect(byTag(intro, 'a').map((a) => [text(a), a.attrs.href])).toEqual([['MH', 'https://www.mh.gob.sv']]);
    expect(text(intro)).toContain('[esto](javascript:alert(1))');
    expect(text(intro)).toContain('<script>alert(1)</script>');
    expect(byTag(intro, 'script')).toEqual([]);
    expect(
      byTag(intro, 'ul')
        .flatMap((u) => byTag(u, 'li'))
        .map(text),
    ).toEqual(['uno', 'dos 2']);
    expect(
      byTag(intro, 'ol')
        .flatMap((u) => byTag(u, 'li'))
        .map(text),
    ).toEqual(['primero', 'segundo']);
    expect(text(intro)).not.toContain('`');
    expect(text(intro)).not.toContain('**');
  });

  it('a route in code links to its operation, an unknown one stays code', async () => {
    const { main } = await drawn();
    const op = open(all(main).find((e) => e.attrs.id === 'postXById')!);
    const links = byTag(op, 'a').filter((a) => a.attrs.class === 'op-link');
    expect(links.map((a) => [text(a), a.attrs.href])).toEqual([['POST /x/123', '#postXById']]);
    expect(byTag(op, 'code').map(text)).toContain('GET /nada');
  });

  it('an operation shows its parameters, its body’s fields (allOf folded), examples, answers with headers, and errors', async () => {
    const { main, nav } = await drawn();
    const op = all(main).find((e) => e.attrs.id === 'postXById')!;
    // Drawn only when opened.
    expect(byTag(op, 'table')).toEqual([]);
    open(op);
    const cells = byTag(op, 'td').map(text);
    expect(cells).toEqual(expect.arrayContaining(['Prefer', 'header', 'wait=N', 'a *', 'b', 'Location', 'Dónde quedó', 'id', '422']));
    // A field's "español / English": the English apart, in a span of its own language.
    const english = all(op).filter((e) => e.attrs.lang === 'en');
    expect(english.map(text)).toEqual(['The a field']);
    expect(byTag(op, 'figcaption').map(text)).toEqual(['Ejemplo: Un ejemplo']);
    expect(byTag(op, 'pre').map(text)[0]).toContain('"a": "valor-del-ejemplo"');
    expect(byTag(op, 'h4').map(text)).toEqual([
      'Parámetros',
      'Cuerpo (application/json)',
      'Respuesta 201',
      'Errores (application/problem+json)',
    ]);
    expect(byTag(op, 'table').find((t) => t.attrs.class === 'errors')).toBeDefined();
    // The webhooks get a group of their own.
    expect(byTag(nav, 'a').map(text)).toEqual(['Grupo', 'Webhooks']);
    expect(all(main).some((e) => e.attrs.id === 'webhookAlgo')).toBe(true);
  });
});
