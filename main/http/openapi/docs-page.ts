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
<header><h1>${title}</h1><div id="intro">Cargando ${prefix}/openapi.json…</div>
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
table.params th:nth-child(1) { width: 18%; } table.params th:nth-child(2) { width: 7%; } table.params th:nth-child(3) { width: 20%; }
table.errors th:nth-child(1) { width: 8%; }
.en { display: block; color: #5a6272; font-size: 0.88em; }
.rules { color: #4a5263; }
.media { margin: 0.4rem 0; color: #4a5263; }
figure.example { margin: 0.6rem 0; }
details.more { border: none; background: none; margin: 0.4rem 0; }
details.more > summary { padding: 0.3rem 0; color: #2a62d8; }
figcaption { font-size: 0.88rem; color: #4a5263; margin-bottom: 0.2rem; }
td p { margin: 0 0 0.3rem; }
.body code, #intro code, section > p code { background: #eef0f4; padding: 0 0.2rem; border-radius: 3px; }
pre code { background: none; }
a.op-link { text-decoration: none; }
.hidden { display: none; }
`;

// Plain browser JavaScript (ES2020): it only reads the document and makes DOM nodes, never HTML from it. The
// descriptions' Markdown (code, bold, links, lists, paragraphs) goes through a small parser of its own into
// elements and text nodes (issue 56). Kept free of backticks and backslashes: it lives in a template literal.
const JS = `
'use strict';
(function () {
  const BT = String.fromCharCode(96);
  const NL = String.fromCharCode(10);
  const el = (tag, attrs, ...children) => {
    const n = document.createElement(tag);
    for (const [k, v] of Object.entries(attrs || {})) n.setAttribute(k, v);
    for (const c of children) if (c !== null && c !== undefined && c !== false) n.append(c);
    return n;
  };
  // Any local $ref (#/components/schemas/X, parameters, headers, responses, examples), followed to what it names.
  const deref = (doc, s, seen) => {
    let n = 0;
    while (s && typeof s.$ref === 'string' && s.$ref.startsWith('#/') && n++ < 20) {
      let t = doc;
      for (const part of s.$ref.slice(2).split('/')) t = t && t[part.split('~1').join('/').split('~0').join('~')];
      s = t;
    }
    return s || {};
  };
  // allOf folded into one schema: its members' properties and required fields together.
  const resolve = (doc, s) => {
    s = deref(doc, s);
    if (!Array.isArray(s.allOf)) return s;
    const out = Object.assign({}, s, { properties: Object.assign({}, s.properties), required: (s.required || []).slice() });
    delete out.allOf;
    for (const part of s.allOf) {
      const r = resolve(doc, part);
      for (const [k, v] of Object.entries(r)) if (k !== 'properties' && k !== 'required' && out[k] === undefined) out[k] = v;
      Object.assign(out.properties, r.properties || {});
      out.required.push(...(r.required || []));
    }
    return out;
  };

  // A tiny Markdown: code spans, **bold**, [links](http…|/…|#…), paragraphs, lists and fenced blocks. Every piece is
  // a DOM node made here; nothing from the document is ever parsed as HTML.
  const safeHref = (h) => h.startsWith('https://') || h.startsWith('http://') || h.startsWith('#') || (h.startsWith('/') && !h.startsWith('//'));
  const inline = (text, routes) => {
    const out = [];
    let buf = '';
    const flush = () => {
      if (buf) out.push(document.createTextNode(buf));
      buf = '';
    };
    let i = 0;
    while (i < text.length) {
      const c = text[i];
      if (c === BT) {
        const j = text.indexOf(BT, i + 1);
        if (j > i + 1) {
          flush();
          out.push(codeSpan(text.slice(i + 1, j), routes));
          i = j + 1;
          continue;
        }
      }
      if (c === '*' && text[i + 1] === '*') {
        const j = text.indexOf('**', i + 2);
        if (j > i + 2) {
          flush();
          out.push(el('strong', {}, ...inline(text.slice(i + 2, j), routes)));
          i = j + 2;
          continue;
        }
      }
      if (c === '[') {
        const j = text.indexOf('](', i + 1);
        const k = j > 0 ? text.indexOf(')', j + 2) : -1;
        if (j > i + 1 && k > j + 2 && safeHref(text.slice(j + 2, k))) {
          flush();
          out.push(el('a', { href: text.slice(j + 2, k) }, ...inline(text.slice(i + 1, j), routes)));
          i = k + 1;
          continue;
        }
      }
      buf += c;
      i++;
    }
    flush();
    return out;
  };
  // 'GET /dte/{id}' in a description links to that operation when the document has it.
  const codeSpan = (text, routes) => {
    const target = routes && routes(text);
    return target ? el('a', { href: '#' + target, class: 'op-link' }, el('code', {}, text)) : el('code', {}, text);
  };
  const listItem = (line) => {
    const t = line.trimStart();
    if (t.startsWith('- ') || t.startsWith('* ')) return { ordered: false, text: t.slice(2) };
    let d = 0;
    while (d < t.length && t[d] >= '0' && t[d] <= '9') d++;
    if (d > 0 && t[d] === '.' && t[d + 1] === ' ') return { ordered: true, text: t.slice(d + 2) };
    return null;
  };
  const markdown = (text, routes) => {
    const out = [];
    const lines = String(text || '').split(NL);
    let para = [];
    let list = null;
    const endPara = () => {
      if (para.length) out.push(el('p', {}, ...inline(para.join(' '), routes)));
      para = [];
    };
    const endList = () => {
      if (list) out.push(el(list.ordered ? 'ol' : 'ul', {}, ...list.items.map((t) => el('li', {}, ...inline(t, routes)))));
      list = null;
    };
    for (let i = 0; i < lines.length; i++) {
      const line = lines[i];
      if (line.trim().startsWith(BT + BT + BT)) {
        endPara();
        endList();
        const body = [];
        while (++i < lines.length && !lines[i].trim().startsWith(BT + BT + BT)) body.push(lines[i]);
        out.push(el('pre', {}, body.join(NL)));
        continue;
      }
      if (line.trim() === '') {
        endPara();
        endList();
        continue;
      }
      const item = listItem(line);
      if (item) {
        endPara();
        if (list && list.ordered !== item.ordered) endList();
        if (!list) list = { ordered: item.ordered, items: [] };
        list.items.push(item.text);
      } else if (list && line.startsWith(' ')) {
        list.items[list.items.length - 1] += ' ' + line.trim();
      } else {
        endList();
        para.push(line.trim());
      }
    }
    endPara();
    endList();
    return out;
  };
  // One line of Markdown (a table cell): inline only. A field's "español / English" shows the English quieter.
  const cell = (text, routes) => {
    const parts = String(text || '').split(' / ');
    if (parts.length !== 2) return el('span', {}, ...inline(String(text || ''), routes));
    return el('span', {}, el('span', {}, ...inline(parts[0], routes)), el('span', { class: 'en', lang: 'en' }, ...inline(parts[1], routes)));
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
    if (s.exclusiveMaximum !== undefined && Math.abs(s.exclusiveMaximum) < 1e15) out.push('< ' + s.exclusiveMaximum);
    if (s.maxItems !== undefined) out.push('hasta ' + s.maxItems + ' elementos');
    if (s.pattern) out.push('patrón ' + s.pattern);
    if (s.default !== undefined) out.push('por omisión ' + JSON.stringify(s.default));
    return out.join('; ');
  };
  // The object a schema describes: itself, an array's items, or the first alternative with fields.
  const objectOf = (doc, s) => {
    s = resolve(doc, s);
    if (s.type === 'array') return objectOf(doc, s.items);
    if (s.properties) return s;
    const alt = (s.anyOf || s.oneOf || []).map((x) => resolve(doc, x)).find((x) => x.properties || x.type === 'array');
    return alt ? objectOf(doc, alt) : s;
  };
  // The fields of an object schema, nested ones with a dotted name, as table rows.
  const rows = (doc, s, prefix, depth, routes) => {
    s = resolve(doc, s);
    const target = objectOf(doc, s);
    const props = target.properties || {};
    const required = new Set(target.required || []);
    const out = [];
    for (const [name, p] of Object.entries(props)) {
      const full = prefix + name;
      const r = resolve(doc, p);
      const described = r.description || deref(doc, p).description || '';
      const rules = limits(r);
      out.push(
        el('tr', {}, el('td', {}, el('code', {}, full), required.has(name) ? el('span', { class: 'req', title: 'obligatorio' }, ' *') : null),
          el('td', {}, typeOf(doc, p)),
          el('td', {}, cell(described, routes), rules ? el('span', { class: 'rules' }, (described ? ' — ' : '') + rules) : null)),
      );
      const inner = objectOf(doc, r);
      if (depth < 4 && inner.properties && inner !== target)
        out.push(...rows(doc, r, full + (r.type === 'array' ? '[].' : '.'), depth + 1, routes));
    }
    return out;
  };
  const table = (head, body, cls) =>
    body.length ? el('table', cls ? { class: cls } : {}, el('thead', {}, el('tr', {}, ...head.map((h) => el('th', {}, h)))), el('tbody', {}, ...body)) : null;
  // A media object's examples: 'example', or 'examples' by name with their summaries.
  const examplesOf = (doc, media, title) => {
    const out = [];
    if (!media) return out;
    if (media.example !== undefined) out.push([title, media.example]);
    for (const [name, e] of Object.entries(media.examples || {})) {
      const x = deref(doc, e);
      if (x.value !== undefined) out.push([title + ': ' + (x.summary || name), x.value]);
    }
    return out;
  };
  const showExamples = (list) =>
    list.map(([title, value]) => el('figure', { class: 'example' }, el('figcaption', {}, title), el('pre', {}, typeof value === 'string' ? value : JSON.stringify(value, null, 2))));
  // Many examples (one per error) folded under one more summary, opened from the keyboard like an operation.
  const folded = (title, figures) => (figures.length ? el('details', { class: 'more' }, el('summary', {}, title + ' (' + figures.length + ')'), ...figures) : null);
  const headerRows = (doc, headers, routes) =>
    Object.entries(headers || {}).map(([name, h]) => {
      h = deref(doc, h);
      return el('tr', {}, el('td', {}, el('code', {}, name)), el('td', {}, typeOf(doc, h.schema)), el('td', {}, cell(h.description, routes)));
    });
  const contentOf = (doc, content, routes, what) => {
    const out = [];
    for (const [type, media] of Object.entries(content || {})) {
      out.push(el('p', { class: 'media' }, 'Tipo: ', el('code', {}, type)));
      const fields = media.schema ? rows(doc, media.schema, '', 0, routes) : [];
      out.push(table(['Campo', 'Tipo', 'Descripción'], fields));
      out.push(...showExamples(examplesOf(doc, media, what)));
    }
    return out;
  };

  const body = (doc, op, routes) => {
    const params = (op.parameters || []).map((p) => {
      p = deref(doc, p);
      const rules = p.schema ? limits(resolve(doc, p.schema)) : '';
      return el('tr', {}, el('td', {}, el('code', {}, p.name), p.required ? el('span', { class: 'req' }, ' *') : null),
        el('td', {}, p.in), el('td', {}, typeOf(doc, p.schema) + (rules ? ' — ' + rules : '')), el('td', {}, cell(p.description, routes)));
    });
    const rb = op.requestBody ? deref(doc, op.requestBody) : null;
    const responses = Object.entries(op.responses || {}).map(([code, r]) => [code, deref(doc, r)]).sort(([a], [b]) => (a < b ? -1 : 1));
    const ok = responses.filter(([code]) => code < '400');
    const errors = responses.filter(([code]) => code >= '400');
    const reqContent = rb ? Object.entries(rb.content || {}) : [];
    return el('div', { class: 'body' },
      ...markdown(op.description, routes),
      params.length ? el('h4', {}, 'Parámetros') : null,
      table(['Nombre', 'En', 'Tipo', 'Descripción'], params, 'params'),
      ...reqContent.flatMap(([type, media]) => [
        el('h4', {}, 'Cuerpo (' + type + ')'),
        ...markdown(rb.description, routes),
        table(['Campo', 'Tipo', 'Reglas'], media.schema ? rows(doc, media.schema, '', 0, routes) : []),
        ...showExamples(examplesOf(doc, media, 'Ejemplo')),
      ]),
      ...ok.flatMap(([code, r]) => [
        el('h4', {}, 'Respuesta ' + code),
        ...markdown(r.description, routes),
        r.headers && Object.keys(r.headers).length ? table(['Encabezado', 'Tipo', 'Descripción'], headerRows(doc, r.headers, routes)) : null,
        ...contentOf(doc, r.content, routes, 'Ejemplo de respuesta'),
      ]),
      errors.length ? el('h4', {}, 'Errores (application/problem+json)') : null,
      table(['Estado', 'Cuándo'], errors.map(([code, r]) => el('tr', {}, el('td', {}, code), el('td', {}, ...markdown(r.description, routes)))), 'errors'),
      folded('Ejemplos de error', errors.flatMap(([code, r]) => Object.values(r.content || {}).flatMap((media) => showExamples(examplesOf(doc, media, code))))),
    );
  };

  // One operation, drawn when first opened: the page stays quick with hundreds of them.
  const operation = (doc, path, method, op, routes) => {
    const d = el('details', { id: op.operationId, 'data-text': (method + ' ' + path + ' ' + (op.summary || '')).toLowerCase() },
      el('summary', {}, el('span', { class: 'method ' + method }, method.toUpperCase()), el('span', { class: 'path' }, path), el('span', { class: 'summary' }, op.summary || '')));
    let drawn = false;
    d.addEventListener('toggle', () => {
      if (!d.open || drawn) return;
      drawn = true;
      d.append(body(doc, op, routes));
    });
    return d;
  };

  // 'METHOD /path' → the operationId of the operation it names (path templates match any segment).
  const routeFinder = (doc) => {
    const list = [];
    for (const [path, item] of Object.entries(doc.paths || {}))
      for (const [method, op] of Object.entries(item))
        if (op && op.operationId) list.push({ method: method.toUpperCase(), parts: path.split('/'), id: op.operationId });
    return (text) => {
      const space = text.indexOf(' ');
      if (space < 0) return null;
      const method = text.slice(0, space);
      const parts = text.slice(space + 1).split('?')[0].split('/');
      const hit = list.find((r) => r.method === method && r.parts.length === parts.length && r.parts.every((p, i) => p === parts[i] || (p.startsWith('{') && parts[i] !== '')));
      return hit ? hit.id : null;
    };
  };

  const source = document.body.dataset.openapi;
  fetch(source).then((r) => r.json()).then((doc) => {
    const routes = routeFinder(doc);
    const intro = document.getElementById('intro');
    intro.textContent = '';
    intro.append(el('p', {}, doc.info.title + ', versión ' + doc.info.version + '.'), ...markdown(doc.info.description, routes));
    const nav = document.getElementById('tags');
    const main = document.getElementById('operations');
    for (const tag of doc.tags || []) {
      nav.append(el('a', { href: '#tag-' + tag.name }, tag.name));
      const ops = [];
      for (const [path, item] of Object.entries(doc.paths))
        for (const [method, op] of Object.entries(item)) if ((op.tags || []).includes(tag.name)) ops.push(operation(doc, path, method, op, routes));
      main.append(el('section', { id: 'tag-' + tag.name }, el('h2', {}, tag.name), ...markdown(tag.description, routes), ...ops));
    }
    // OpenAPI 3.1 webhooks: what the station sends to the POS, drawn as operations under the event's name.
    const hooks = Object.entries(doc.webhooks || {});
    if (hooks.length) {
      nav.append(el('a', { href: '#tag-webhooks' }, 'Webhooks'));
      const ops = [];
      for (const [event, item] of hooks) for (const [method, op] of Object.entries(item)) ops.push(operation(doc, event, method, op, routes));
      main.append(el('section', { id: 'tag-webhooks' }, el('h2', {}, 'Webhooks'),
        el('p', {}, 'Lo que la estación envía a su POS: un POST por evento a cada webhook suscrito (POST /webhooks).'), ...ops));
    }
    const filter = document.getElementById('filter');
    filter.addEventListener('input', (e) => {
      const q = e.target.value.trim().toLowerCase();
      for (const d of main.querySelectorAll('details[data-text]')) d.classList.toggle('hidden', q !== '' && !d.dataset.text.includes(q));
    });
    // Enter in the search goes to the first operation shown: no tabbing through the groups first.
    filter.addEventListener('keydown', (e) => {
      if (e.key !== 'Enter') return;
      const first = main.querySelector('details[data-text]:not(.hidden) > summary');
      if (first) { e.preventDefault(); first.focus(); }
    });
    // A link to an operation (#operationId) opens it.
    const openHash = () => {
      const target = location.hash && document.getElementById(decodeURIComponent(location.hash.slice(1)));
      if (target && target.tagName === 'DETAILS') { target.classList.remove('hidden'); target.open = true; target.querySelector('summary').focus(); }
    };
    window.addEventListener('hashchange', openHash);
    openHash();
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
