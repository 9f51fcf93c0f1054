// GET /docs: the OpenAPI document drawn as a page an integrator can read offline. Three small files served by the
// station (and the hub, under /hub) itself (no CDN, no framework), under the same strict CSP as the UI: no inline
// script or style. The page names the document it draws (data-openapi), so one script serves both.
import type { FastifyInstance } from 'fastify';
import { UI_CSP } from '../ui';

const html = (prefix: string, title: string) => `<!doctype html>
<html lang="es-SV">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>Sello: referencia de la API</title>
<link rel="stylesheet" href="${prefix}/docs/docs.css">
<script src="${prefix}/docs/docs.js" defer></script>
</head>
<body data-openapi="${prefix}/openapi.json">
<header><h1>${title}</h1><p id="intro">Cargando ${prefix}/openapi.json…</p>
<p><a href="${prefix}/openapi.json" download="sello${prefix.replace('/', '-')}-openapi.json">Descargar el documento OpenAPI 3.1</a></p>
<label for="filter">Buscar</label> <input id="filter" type="search" placeholder="ruta o descripción, p. ej. /dte/fc; Enter va a la primera" autocomplete="off">
</header>
<nav id="tags" aria-label="Grupos"></nav>
<main id="operations"></main>
</body>
</html>
`;

const CSS = `
:root { font-family: system-ui, sans-serif; color: #1d2330; background: #f7f8fa; }
body { margin: 0 auto; max-width: 1100px; padding: 1rem 1.5rem 4rem; }
header h1 { margin: 0.2rem 0; font-size: 1.6rem; }
#filter { width: 24rem; max-width: 100%; padding: 0.4rem; font-size: 1rem; }
nav { display: flex; flex-wrap: wrap; gap: 0.4rem; margin: 1rem 0; }
nav a { padding: 0.2rem 0.6rem; border: 1px solid #c5cad3; border-radius: 1rem; text-decoration: none; color: #1d2330; background: #fff; }
nav a:focus, summary:focus, a:focus, input:focus { outline: 3px solid #2a62d8; outline-offset: 2px; }
section h2 { margin-top: 2rem; border-bottom: 2px solid #d8dce3; }
section > p { color: #4a5263; }
details { background: #fff; border: 1px solid #d8dce3; border-radius: 6px; margin: 0.4rem 0; }
summary { cursor: pointer; padding: 0.5rem 0.8rem; display: flex; gap: 0.8rem; align-items: baseline; }
.method { font-weight: 700; width: 4.2rem; text-align: center; border-radius: 4px; color: #fff; padding: 0.1rem 0; }
.get { background: #1f6f43; } .post { background: #2a62d8; } .put { background: #8a5a00; } .delete { background: #b3261e; }
.path { font-family: ui-monospace, monospace; font-weight: 600; }
.summary { color: #4a5263; }
.body { padding: 0 1rem 1rem; }
table { border-collapse: collapse; width: 100%; font-size: 0.92rem; }
th, td { text-align: left; border-bottom: 1px solid #e6e8ed; padding: 0.3rem 0.4rem; vertical-align: top; overflow-wrap: anywhere; }
table { table-layout: fixed; }
th:nth-child(1) { width: 30%; } th:nth-child(2) { width: 22%; }
code, pre { font-family: ui-monospace, monospace; }
pre { background: #1d2330; color: #e8ebf1; padding: 0.8rem; border-radius: 6px; overflow-x: auto; font-size: 0.85rem; }
.req { color: #b3261e; font-weight: 700; }
.hidden { display: none; }
`;

// Plain browser JavaScript (ES2020): it only reads the document and writes text nodes, never HTML from it.
const JS = `
'use strict';
(function () {
  const el = (tag, attrs, ...children) => {
    const n = document.createElement(tag);
    for (const [k, v] of Object.entries(attrs || {})) n.setAttribute(k, v);
    for (const c of children) if (c !== null && c !== undefined) n.append(c);
    return n;
  };
  const resolve = (doc, s) => {
    if (s && s.$ref) return resolve(doc, doc.components.schemas[s.$ref.split('/').pop()]);
    return s || {};
  };
  const typeOf = (doc, s) => {
    s = resolve(doc, s);
    if (s.enum) return s.enum.map(String).join(' | ');
    if (s.const !== undefined) return JSON.stringify(s.const);
    if (s.anyOf || s.oneOf) return (s.anyOf || s.oneOf).map((x) => typeOf(doc, x)).join(' o ');
    if (s.type === 'array') return typeOf(doc, s.items) + '[]';
    return Array.isArray(s.type) ? s.type.join(' | ') : s.type || 'cualquiera';
  };
  const limits = (s) => {
    const out = [];
    if (s.minLength !== undefined) out.push('mín. ' + s.minLength + ' car.');
    if (s.maxLength !== undefined) out.push('máx. ' + s.maxLength + ' car.');
    if (s.minimum !== undefined && Math.abs(s.minimum) < 1e15) out.push('≥ ' + s.minimum);
    if (s.exclusiveMinimum !== undefined) out.push('> ' + s.exclusiveMinimum);
    if (s.maximum !== undefined && Math.abs(s.maximum) < 1e15) out.push('≤ ' + s.maximum);
    if (s.maxItems !== undefined) out.push('hasta ' + s.maxItems + ' elementos');
    if (s.pattern) out.push('patrón ' + s.pattern);
    if (s.default !== undefined) out.push('por omisión ' + JSON.stringify(s.default));
    return out.join('; ');
  };
  // The fields of an object schema, nested ones with a dotted name, as table rows.
  const rows = (doc, s, prefix, depth) => {
    s = resolve(doc, s);
    const target = s.type === 'array' ? resolve(doc, s.items) : (s.anyOf || []).map((x) => resolve(doc, x)).find((x) => x.properties) || s;
    const props = target.properties || {};
    const required = new Set(target.required || []);
    const out = [];
    for (const [name, p] of Object.entries(props)) {
      const full = prefix + name;
      const r = resolve(doc, p);
      out.push(el('tr', {}, el('td', {}, el('code', {}, full), required.has(name) ? el('span', { class: 'req', title: 'obligatorio' }, ' *') : null),
        el('td', {}, typeOf(doc, p)), el('td', {}, [r.description, limits(r)].filter(Boolean).join(' — '))));
      const inner = r.type === 'array' ? resolve(doc, r.items) : r;
      if (depth < 4 && (inner.properties || (inner.anyOf || []).some((x) => resolve(doc, x).properties)))
        out.push(...rows(doc, r, full + (r.type === 'array' ? '[].' : '.'), depth + 1));
    }
    return out;
  };
  const table = (head, body) => body.length ? el('table', {}, el('thead', {}, el('tr', {}, ...head.map((h) => el('th', {}, h)))), el('tbody', {}, ...body)) : null;
  const operation = (doc, path, method, op) => {
    const params = (op.parameters || []).map((p) => el('tr', {}, el('td', {}, el('code', {}, p.name), p.required ? el('span', { class: 'req' }, ' *') : null),
      el('td', {}, p.in), el('td', {}, typeOf(doc, p.schema) + (limits(p.schema) ? ' — ' + limits(p.schema) : ''))));
    const json = op.requestBody && op.requestBody.content['application/json'];
    const ok = Object.entries(op.responses).find(([code]) => code < '400');
    const okSchema = ok && ok[1].content && ok[1].content['application/json'] && ok[1].content['application/json'].schema;
    const errors = Object.entries(op.responses).filter(([code]) => code >= '400').map(([code, r]) => code + ' (' + r.description + ')');
    return el('details', { id: op.operationId, 'data-text': (method + ' ' + path + ' ' + op.summary).toLowerCase() },
      el('summary', {}, el('span', { class: 'method ' + method }, method.toUpperCase()), el('span', { class: 'path' }, path), el('span', { class: 'summary' }, op.summary)),
      el('div', { class: 'body' },
        el('p', {}, op.description || ''),
        params.length ? el('h4', {}, 'Parámetros') : null, table(['Nombre', 'En', 'Tipo'], params),
        json ? el('h4', {}, 'Cuerpo (application/json)') : null,
        json ? table(['Campo', 'Tipo', 'Reglas'], rows(doc, json.schema, '', 0)) : null,
        json && json.example !== undefined ? el('h4', {}, 'Ejemplo') : null,
        json && json.example !== undefined ? el('pre', {}, JSON.stringify(json.example, null, 2)) : null,
        el('h4', {}, 'Respuesta ' + (ok ? ok[0] : '')),
        okSchema ? table(['Campo', 'Tipo', 'Descripción'], rows(doc, okSchema, '', 0)) : el('p', {}, ok ? Object.keys(ok[1].content || { 'sin cuerpo': 1 }).join(', ') : ''),
        el('p', {}, 'Errores (application/problem+json): ' + errors.join('; '))));
  };
  const source = document.body.dataset.openapi;
  fetch(source).then((r) => r.json()).then((doc) => {
    document.getElementById('intro').textContent = doc.info.title + ', versión ' + doc.info.version + '. ' + doc.info.description;
    const nav = document.getElementById('tags');
    const main = document.getElementById('operations');
    for (const tag of doc.tags) {
      nav.append(el('a', { href: '#tag-' + tag.name }, tag.name));
      const ops = [];
      for (const [path, item] of Object.entries(doc.paths))
        for (const [method, op] of Object.entries(item)) if (op.tags.includes(tag.name)) ops.push(operation(doc, path, method, op));
      main.append(el('section', { id: 'tag-' + tag.name }, el('h2', {}, tag.name), el('p', {}, tag.description), ...ops));
    }
    document.getElementById('filter').addEventListener('input', (e) => {
      const q = e.target.value.trim().toLowerCase();
      for (const d of main.querySelectorAll('details')) d.classList.toggle('hidden', q !== '' && !d.dataset.text.includes(q));
    });
    // Enter in the search goes to the first operation shown: no tabbing through the groups first.
    document.getElementById('filter').addEventListener('keydown', (e) => {
      if (e.key !== 'Enter') return;
      const first = main.querySelector('details:not(.hidden) > summary');
      if (first) { e.preventDefault(); first.focus(); }
    });
    document.body.dataset.ready = 'true';
  }).catch((e) => { document.getElementById('intro').textContent = 'No se pudo leer ' + source + ': ' + e.message; });
})();
`;

/**
 * `${prefix}/openapi.json` and `${prefix}/docs`, public: the contract is no secret (the station answers on loopback,
 * the hub's API says nothing a caller may not already call).
 */
export function registerApiDocs(
  app: FastifyInstance,
  document: () => unknown,
  { prefix = '', title = 'Sello: referencia de la API local' }: { prefix?: string; title?: string } = {},
): void {
  const page = (type: string, body: string) => async (_req: unknown, reply: import('fastify').FastifyReply) =>
    reply.header('content-security-policy', UI_CSP).header('cache-control', 'no-cache').type(type).send(body);
  let built: unknown = null;
  app.get(`${prefix}/openapi.json`, async (_req, reply) => reply.header('cache-control', 'no-cache').send((built ??= document())));
  app.get(`${prefix}/docs`, page('text/html; charset=utf-8', html(prefix, title)));
  app.get(`${prefix}/docs/docs.css`, page('text/css; charset=utf-8', CSS));
  app.get(`${prefix}/docs/docs.js`, page('text/javascript; charset=utf-8', JS));
}
