// `sello mh-sim`: a real HTTP server that behaves as MH's TEST API (docs/decisions/0002-contract-gaps.md), for the demo, the
// integration tests and the benchmark. Admin routes under /_sim switch its behaviour at run time.
import { invalidationRefusal } from './invalidation-rules';
import { createPublicKey, randomBytes as nodeRandomBytes } from 'node:crypto';
import { existsSync } from 'node:fs';
import Fastify, { type FastifyInstance, type FastifyReply } from 'fastify';
import { isoLocal, localDateTime, systemClock, type Clock } from '../core/clock';
import { silentLogger, type Logger } from '../core/logger';
import { uuidV4 } from '../core/ids';
import { emittedAt, judgeDte, verifySigned, type Verdict } from './checks';
import { catalogProblems, catalogRefusal, contingencyCatalogs, SPECIAL_OPERATIONS_CATALOGS } from './catalog-checks';
import { pickValidator, schemaErrors, schemaFolder, type SchemaFolder, type SchemaSet } from './schema-validator';
import {
  CONSULT_INVALIDATED_ANSWERS,
  DUPLICATE_QUERY_ANSWERS,
  REPEAT_INVALIDATION_ANSWERS,
  SIM_MODES,
  newSimState,
  type ConsultInvalidatedAnswer,
  type DuplicateQueryAnswer,
  type RepeatInvalidationAnswer,
  type SimMode,
  type SimState,
} from './state';
import { MH_RETURN_PATH } from '../core/mh/retorno-endpoint';
import { MH_SPECIAL_OPERATIONS_PATH } from '../core/mh/operaciones-especiales-endpoint';
import { eopRefusal, itemOf } from './special-operations';
import { certificatePublicKey } from '../core/signing/certificate';

export interface SimOptions {
  /** A folder of MH's published JSON schemas of the legacy normative; without one, own checks. */
  readonly schemasDir?: string;
  /** A folder of MH's published JSON schemas of the Normativa v2.0; without it v2.0 versions are refused. */
  readonly schemasV2Dir?: string;
  readonly clock?: Clock;
  readonly random?: (n: number) => Buffer;
  readonly logger?: Logger;
  /** How long a lote takes to process (MH: 1–3 minutes). */
  readonly loteDelayMs?: number;
  /** One MH split in several simulators (one per branch): a related document sealed by another passes. */
  readonly relatedMayBeElsewhere?: boolean;
  readonly tokenTtlMs?: number;
  /** Already compiled schemas to share between simulators (the sync simulation builds thousands). */
  readonly schemas?: SchemaFolder;
  readonly schemasV2?: SchemaFolder;
  /** Accepted credentials by NIT; when absent any non-empty password is accepted. */
  readonly credentials?: ReadonlyMap<string, string>;
}

export interface MhSimulator {
  readonly app: FastifyInstance;
  readonly state: SimState;
  readonly checks: 'schemas' | 'own';
  setMode(mode: SimMode, slowMs?: number): void;
  /** MH's copy of a taxpayer's certificate: the public key it verifies signatures with. */
  registerKey(nit: string, spkiBase64: string): void;
}

const DAY = 86_400_000;
const schemaRefusal = (v: Parameters<typeof schemaErrors>[0]): Verdict => ({
  ok: false,
  code: '008',
  message: 'EVENTO NO CUMPLE EL ESQUEMA',
  observations: schemaErrors(v).split('\n').slice(0, 20),
});
const fh = (d: Date) => {
  const l = localDateTime(d);
  return `${l.date.slice(8, 10)}/${l.date.slice(5, 7)}/${l.date.slice(0, 4)} ${l.time}`;
};

/** consultadte's answer about a document MH invalidated, given its own answer when MH sealed it. */
function consultInvalidated(answer: ConsultInvalidatedAnswer, sealed: Record<string, unknown>): Record<string, unknown> {
  switch (answer) {
    case 'invalidado':
      return { ...sealed, estado: 'INVALIDADO', descripcionMsg: 'DOCUMENTO INVALIDADO', observaciones: [] };
    case 'rechazado':
      return {
        ...sealed,
        estado: 'RECHAZADO',
        selloRecibido: null,
        codigoMsg: '014',
        descripcionMsg: 'EL DOCUMENTO SE ENCUENTRA INVALIDADO',
      };
    case 'procesado':
      return sealed;
    default: {
      const never: never = answer;
      return never;
    }
  }
}

/** MH's refusal of an invalidation of a document it already invalidated; `sameEvent`: the very event it holds. */
function repeatRefusal(answer: RepeatInvalidationAnswer, sameEvent: boolean): Verdict {
  switch (answer) {
    case 'invalidated':
      return { ok: false, code: '014', message: 'EL DOCUMENTO YA FUE INVALIDADO', observations: [] };
    case 'duplicate':
      return sameEvent
        ? { ok: false, code: '004', message: 'YA EXISTE UN REGISTRO CON ESE CODIGO DE GENERACION', observations: [] }
        : { ok: false, code: '014', message: 'EL DOCUMENTO YA FUE INVALIDADO', observations: [] };
    case 'not-processed':
      return { ok: false, code: '012', message: 'EL DOCUMENTO A INVALIDAR NO EXISTE O NO FUE PROCESADO', observations: [] };
    default: {
      const never: never = answer;
      return never;
    }
  }
}

export function createMhSimulator(options: SimOptions = {}): MhSimulator {
  const clock = options.clock ?? systemClock;
  const random = options.random ?? nodeRandomBytes;
  const logger = options.logger ?? silentLogger;
  const legacy = options.schemas ?? (options.schemasDir ? schemaFolder(options.schemasDir, 'legacy') : null);
  const v2026 = options.schemasV2 ?? (options.schemasV2Dir ? schemaFolder(options.schemasV2Dir, '2026') : null);
  // Own checks only when no folder at all was given; with one, a version whose folder is missing is refused.
  const folder: SchemaSet | null = legacy || v2026 ? { legacy, '2026': v2026 } : null;
  const state = newSimState();
  state.loteDelayMs = options.loteDelayMs ?? 2000;
  state.relatedMayBeElsewhere = options.relatedMayBeElsewhere ?? false;
  const tokenTtlMs = options.tokenTtlMs ?? 12 * 3600_000;
  // Clients that time out leave the simulator answering late on open sockets; closing must not wait for them.
  const app = Fastify({ logger: false, bodyLimit: 64 * 1024 * 1024, forceCloseConnections: true });
  // No folder asked for is the ordinary case (the demo, tests); only one asked for and absent is worth a word.
  for (const asked of [options.schemasDir, options.schemasV2Dir])
    if (asked && !existsSync(asked))
      logger.warn(`mh-sim: la carpeta de esquemas ${asked} no existe: indique la carpeta que contiene los JSON de esquemas de MH`);
  // Every answer carries this MH's time, as a real server's Date header does (the station reads its clock by it).
  app.addHook('onSend', async (_req, reply) => {
    void reply.header('date', clock.now().toUTCString());
  });

  const seal = () => `${localDateTime(clock.now()).date.slice(0, 4)}${random(18).toString('hex').toUpperCase()}`;
  const uuid = () => uuidV4(random).toUpperCase();
  const count = (op: string) => (state.counts[op] = (state.counts[op] ?? 0) + 1);
  const nitOfToken = (auth: string | undefined): string | null => {
    const t = state.tokens.get(auth ?? '');
    return t && t.expiresAt > clock.now().getTime() ? t.nit : null;
  };
  const answer = (v: Verdict, codigoGeneracion: unknown, version: unknown) => {
    const base = { version, ambiente: '00', versionApp: 2, codigoGeneracion, fhProcesamiento: fh(clock.now()) };
    if (!v.ok) {
      return {
        ...base,
        estado: 'RECHAZADO',
        selloRecibido: null,
        clasificaMsg: '11',
        codigoMsg: v.code,
        descripcionMsg: v.message,
        observaciones: v.observations,
      };
    }
    const withObs = v.observations.length > 0;
    return {
      ...base,
      estado: 'PROCESADO',
      selloRecibido: seal(),
      clasificaMsg: '10',
      codigoMsg: withObs ? '002' : '001',
      descripcionMsg: withObs ? 'RECIBIDO CON OBSERVACIONES' : 'RECIBIDO',
      observaciones: v.observations,
    };
  };

  /** Judges one signed DTE and remembers the outcome (MH keeps rejections too, for consultadte). */
  function receive(jws: string, envelope: { ambiente: unknown; version: unknown; tipoDte: unknown; codigoGeneracion: unknown } | null) {
    // A CD names its issuer by document number: donatario in v1, emisor in v2.0 (docs/decisions/0082-comprobante-de-donacion.md).
    let verdict = verifySigned(state, jws, (d) => d.emisor?.nit ?? d.emisor?.numDocumento ?? d.donatario?.numDocumento);
    const doc = verdict.ok ? verdict.doc : null;
    if (verdict.ok) verdict = judgeDte(state, folder, verdict.doc, envelope, clock.now());
    if (verdict.ok && state.mode === 'reject')
      verdict = { ok: false, code: '099', message: 'DOCUMENTO RECHAZADO (SIMULADOR EN MODO RECHAZO)', observations: [] };
    const planned = state.rejectNext;
    if (verdict.ok && planned.count > 0 && (planned.tipoDte === null || planned.tipoDte === String(doc?.identificacion?.tipoDte))) {
      planned.count -= 1;
      verdict = {
        ok: false,
        code: '098',
        message: 'DOCUMENTO RECHAZADO (SIMULADOR: RECHAZO PROGRAMADO)',
        observations: ['[receptor.nombre] VALOR NO COINCIDE CON REGISTRO DE CONTRIBUYENTES (SIMULADOR)'],
      };
    }
    if (verdict.ok && state.mode === 'observations')
      verdict = { ...verdict, observations: [...verdict.observations, '[resumen.totalLetras] VALOR OBSERVADO (SIMULADOR)'] };
    const id = doc?.identificacion ?? {};
    // A station must never hand MH a document MH already accepted (it asks first): counted for the tests.
    if (doc && state.documents.get(String(id.codigoGeneracion))?.accepted) state.receivedAfterAccepted += 1;
    if (doc) state.received.set(String(id.codigoGeneracion), (state.received.get(String(id.codigoGeneracion)) ?? 0) + 1);
    const body = answer(verdict, id.codigoGeneracion ?? envelope?.codigoGeneracion ?? null, id.version ?? envelope?.version ?? null);
    const code = String(id.codigoGeneracion);
    // Refused for a taken control number: what a later consultadte of this code says (state.ts, duplicateQuery).
    const takenNumber = doc && verdict.ok === false && verdict.code === '004' && /numeroControl/.test(verdict.message);
    if (takenNumber && !state.documents.has(code)) {
      state.duplicateRefused.add(code);
      if (state.duplicateQuery === 'rejected')
        state.documents.set(code, {
          body,
          nit: String(doc.emisor?.nit ?? ''),
          tipoDte: String(id.tipoDte),
          numeroControl: null,
          accepted: false,
          fecEmi: String(id.fecEmi ?? ''),
          jws,
          version: Number(id.version),
          receivedAt: clock.now().getTime(),
        });
    }
    // A duplicate is answered but does not replace what MH already holds.
    if (doc && !(verdict.ok === false && verdict.code === '004')) {
      state.documents.set(String(id.codigoGeneracion), {
        body,
        nit: String(doc.emisor?.nit ?? ''),
        tipoDte: String(id.tipoDte),
        numeroControl: verdict.ok ? String(id.numeroControl) : null,
        accepted: verdict.ok,
        fecEmi: String(id.fecEmi ?? ''),
        jws,
        version: Number(id.version),
        receivedAt: clock.now().getTime(),
      });
      if (verdict.ok) {
        state.controlNumbers.set(String(id.numeroControl), String(id.codigoGeneracion));
        state.accepted.push(String(id.codigoGeneracion));
      }
    }
    return body;
  }

  // Behaviour switches: down answers 503 at once, slow waits, flaky fails every other call, drop processes and
  // then cuts the connection without answering.
  app.addHook('onRequest', async (req, reply) => {
    if (req.url.startsWith('/_sim')) return;
    state.requests += 1;
    state.lastUserAgent = req.headers['user-agent'] ?? null;
    if (state.mode === 'down') return reply.code(503).type('text/html').send('<html><body>Servicio no disponible</body></html>');
    if (state.mode === 'flaky' && state.requests % 2 === 1)
      return reply.code(503).type('text/html').send('<html><body>Servicio no disponible</body></html>');
    // A slow login is slow from the start; documents are processed first and answered late (see send()).
    if (state.mode === 'slow' && req.url === '/seguridad/auth') await new Promise((r) => setTimeout(r, state.slowMs));
  });
  const send = async (reply: FastifyReply, status: number, body: unknown) => {
    if (state.mode === 'slow') await new Promise((r) => setTimeout(r, state.slowMs));
    if (state.mode === 'drop') {
      reply.raw.destroy();
      return reply;
    }
    return reply.code(status).send(body);
  };

  app.addContentTypeParser('application/x-www-form-urlencoded', { parseAs: 'string' }, (_req, body, done) => {
    done(null, Object.fromEntries(new URLSearchParams(String(body))));
  });

  app.post('/seguridad/auth', async (req, reply) => {
    count('auth');
    const form = (req.body ?? {}) as { user?: string; pwd?: string };
    if (!req.headers['content-type']?.startsWith('application/x-www-form-urlencoded')) {
      return reply.code(400).send({ status: 'ERROR', error: 'Bad Request', message: 'Se esperaba application/x-www-form-urlencoded' });
    }
    const expected = options.credentials?.get(String(form.user));
    const valid = !state.refuseLogins && form.user && form.pwd && (options.credentials ? expected === form.pwd : true);
    // Bad credentials come back as HTTP 200 with status ERROR, as MH does.
    if (!valid) return reply.code(200).send({ status: 'ERROR', error: 'Unauthorized', message: 'Usuario no valido' });
    const token = `Bearer ${random(24).toString('base64url')}`;
    state.tokens.set(token, { nit: String(form.user), expiresAt: clock.now().getTime() + tokenTtlMs });
    return reply.send({
      status: 'OK',
      body: { user: form.user, token, rol: { nombre: 'Usuario', codigo: 'ROLE_USER' }, roles: ['ROLE_USER'], tokenType: 'Bearer' },
    });
  });

  const authed = (req: { headers: { authorization?: string | undefined } }, reply: FastifyReply): string | null => {
    const nit = nitOfToken(req.headers.authorization);
    if (!nit) {
      void reply.code(401).send({ status: 'ERROR', codigo: '107', mensaje: 'ERROR TOKEN INVÁLIDO' });
      return null;
    }
    return nit;
  };

  app.post('/fesv/recepciondte', async (req, reply) => {
    if (!authed(req, reply)) return reply;
    count('recepciondte');
    const b = (req.body ?? {}) as Record<string, unknown>;
    if (typeof b.documento !== 'string' || !Number.isInteger(b.idEnvio)) {
      return send(reply, 400, {
        estado: 'RECHAZADO',
        codigoMsg: '001',
        descripcionMsg: 'ESTRUCTURA DEL ENVIO NO VALIDA',
        selloRecibido: null,
        observaciones: [],
      });
    }
    const body = receive(b.documento, {
      ambiente: b.ambiente,
      version: b.version,
      tipoDte: b.tipoDte,
      codigoGeneracion: b.codigoGeneracion,
    });
    return send(reply, body.estado === 'PROCESADO' ? 200 : 400, body);
  });

  app.post('/fesv/recepcion/consultadte/', async (req, reply) => {
    if (!authed(req, reply)) return reply;
    count('consultadte');
    const b = (req.body ?? {}) as Record<string, unknown>;
    if (state.duplicateQuery === 'error' && state.duplicateRefused.has(String(b.codigoGeneracion)))
      return send(reply, 500, { error: 'Internal Server Error' });
    const found = state.documents.get(String(b.codigoGeneracion));
    if (!found || found.nit !== String(b.nitEmisor) || found.tipoDte !== String(b.tdte)) {
      return send(reply, 200, {
        estado: 'RECHAZADO',
        codigoGeneracion: b.codigoGeneracion,
        selloRecibido: null,
        codigoMsg: '020',
        descripcionMsg: 'NO SE ENCONTRO REGISTRO CON ESE CODIGO DE GENERACION',
        observaciones: [],
      });
    }
    return send(
      reply,
      200,
      state.invalidated.has(String(b.codigoGeneracion)) ? consultInvalidated(state.consultInvalidated, found.body) : found.body,
    );
  });

  app.post('/fesv/recepcionlote/', async (req, reply) => {
    const nit = authed(req, reply);
    if (!nit) return reply;
    count('recepcionlote');
    const b = (req.body ?? {}) as { documentos?: unknown; idEnvio?: unknown; version?: unknown };
    if (!Array.isArray(b.documentos) || b.documentos.length === 0 || b.documentos.length > 100) {
      return send(reply, 400, { estado: 'RECHAZADO', codigoMsg: '002', descripcionMsg: 'UN LOTE LLEVA DE 1 A 100 DOCUMENTOS' });
    }
    const codigoLote = uuid();
    const procesados: Record<string, unknown>[] = [];
    const rechazados: Record<string, unknown>[] = [];
    for (const jws of b.documentos) {
      const body = receive(String(jws), null);
      (body.estado === 'PROCESADO' ? procesados : rechazados).push(body);
    }
    // MH processes lotes asynchronously: results become visible after the delay.
    state.lotes.set(codigoLote, { nit, readyAt: clock.now().getTime() + state.loteDelayMs, procesados, rechazados });
    return send(reply, 200, {
      version: b.version ?? 2,
      ambiente: '00',
      versionApp: 2,
      estado: 'RECIBIDO',
      idEnvio: b.idEnvio,
      fhProcesamiento: fh(clock.now()),
      codigoLote,
      codigoMsg: '001',
      descripcionMsg: 'LOTE RECIBIDO, VALIDADO Y PROCESADO',
    });
  });

  app.get('/fesv/recepcion/consultadtelote/:codigoLote', async (req, reply) => {
    if (!authed(req, reply)) return reply;
    count('consultadtelote');
    const lote = state.lotes.get((req.params as { codigoLote: string }).codigoLote);
    if (!lote) return send(reply, 404, { estado: 'RECHAZADO', descripcionMsg: 'LOTE NO ENCONTRADO' });
    if (clock.now().getTime() < lote.readyAt) return send(reply, 200, { procesados: [], rechazados: [] });
    return send(reply, 200, { procesados: lote.procesados, rechazados: lote.rechazados });
  });

  app.post('/fesv/contingencia', async (req, reply) => {
    if (!authed(req, reply)) return reply;
    count('contingencia');
    const b = (req.body ?? {}) as { nit?: unknown; documento?: unknown };
    let verdict = verifySigned(state, typeof b.documento === 'string' ? b.documento : '', (d) => d.emisor?.nit);
    if (verdict.ok && folder) {
      const pick = pickValidator(folder, 'contingencia', verdict.doc.identificacion?.version);
      if (!pick.ok) verdict = { ok: false, code: '006', message: 'VERSION DE EVENTO NO SOPORTADA', observations: pick.observations };
      else if (!pick.validate(verdict.doc)) verdict = schemaRefusal(pick.validate);
    }
    if (verdict.ok && state.mode === 'reject')
      verdict = { ok: false, code: '099', message: 'EVENTO RECHAZADO (SIMULADOR EN MODO RECHAZO)', observations: [] };
    const now = clock.now();
    if (!verdict.ok)
      return send(reply, 400, {
        estado: 'RECHAZADO',
        fechaHora: fh(now),
        mensaje: verdict.message,
        selloRecibido: null,
        observaciones: verdict.observations,
      });
    const ev = verdict.doc;
    // Our reading of MH: a contingency cannot end before it began (docs/decisions/0028-clock-skew.md).
    const motivo = (ev as { motivo?: { fInicio?: unknown; hInicio?: unknown; fFin?: unknown; hFin?: unknown } }).motivo;
    if (motivo && emittedAt(motivo.fFin, motivo.hFin) < emittedAt(motivo.fInicio, motivo.hInicio)) {
      return send(reply, 400, {
        estado: 'RECHAZADO',
        fechaHora: fh(now),
        mensaje: '[motivo.fFin] LA FECHA Y HORA DE FIN ES ANTERIOR A LA DE INICIO',
        selloRecibido: null,
        observaciones: [],
      });
    }
    // An event MH already holds (the station lost MH's first answer) is refused as a duplicate, as for DTEs.
    if (state.events.has(String(ev.identificacion?.codigoGeneracion))) {
      return send(reply, 400, {
        estado: 'RECHAZADO',
        fechaHora: fh(now),
        mensaje: 'YA EXISTE UN REGISTRO CON ESE CODIGO DE GENERACION',
        selloRecibido: null,
        observaciones: [],
      });
    }
    // MF2 §VIII p.18: the CLE, DCLE and CDE are never contingency documents.
    const barred = ((ev.detalleDTE ?? []) as { tipoDoc?: unknown }[]).filter((d) => ['08', '09', '15'].includes(String(d.tipoDoc)));
    if (barred.length) {
      return send(reply, 400, {
        estado: 'RECHAZADO',
        fechaHora: fh(now),
        mensaje: 'TIPO DE DOCUMENTO NO PERMITIDO EN CONTINGENCIA',
        selloRecibido: null,
        observaciones: barred.map((d) => `[detalleDTE.tipoDoc] ${String(d.tipoDoc)}`),
      });
    }
    const eventNormative = ev.identificacion?.version === 4 ? '2026' : 'legacy';
    const offCatalog = catalogProblems(ev, eventNormative, contingencyCatalogs(eventNormative));
    if (offCatalog.length) {
      return send(reply, 400, {
        estado: 'RECHAZADO',
        fechaHora: fh(now),
        mensaje: 'EVENTO CON CODIGOS FUERA DE CATALOGO',
        selloRecibido: null,
        observaciones: offCatalog,
      });
    }
    const sealValue = seal();
    for (const d of (ev.detalleDTE ?? []) as { codigoGeneracion: string }[]) {
      state.contingencyAllowed.set(d.codigoGeneracion, now.getTime() + 3 * DAY);
      state.contingencyNormative.set(d.codigoGeneracion, eventNormative);
    }
    state.events.set(String(ev.identificacion?.codigoGeneracion), ev);
    return send(reply, 200, {
      estado: 'RECIBIDO',
      fechaHora: fh(now),
      mensaje: 'Documento recibido',
      selloRecibido: sealValue,
      observaciones: [],
    });
  });

  app.post('/fesv/anulardte', async (req, reply) => {
    if (!authed(req, reply)) return reply;
    count('anulardte');
    const b = (req.body ?? {}) as { documento?: unknown; version?: unknown };
    let verdict = verifySigned(state, typeof b.documento === 'string' ? b.documento : '', (d) => d.emisor?.nit);
    const ev = verdict.ok ? verdict.doc : null;
    // A document, or an Evento de Retorno (tipoDte 18) this MH sealed.
    const target = ev
      ? (state.documents.get(String(ev.documento?.codigoGeneracion)) ?? state.returns.get(String(ev.documento?.codigoGeneracion)))
      : undefined;
    if (verdict.ok && folder) {
      const pick = pickValidator(folder, 'invalidacion', ev?.identificacion?.version);
      if (!pick.ok) verdict = { ok: false, code: '006', message: 'VERSION DE EVENTO NO SOPORTADA', observations: pick.observations };
      else if (!pick.validate(ev)) verdict = schemaRefusal(pick.validate);
    }
    // v2 is the legacy event, v3 the 2026 one (catalog-checks.ts).
    if (verdict.ok && ev) verdict = catalogRefusal(ev, ev.identificacion?.version === 3 ? '2026' : 'legacy') ?? verdict;
    const held = state.invalidated.get(String(ev?.documento?.codigoGeneracion));
    if (verdict.ok && held)
      verdict = repeatRefusal(state.repeatInvalidation, held.codigoGeneracion === ev?.identificacion?.codigoGeneracion);
    if (verdict.ok && (!target || !target.accepted))
      verdict = { ok: false, code: '012', message: 'EL DOCUMENTO A INVALIDAR NO EXISTE O NO FUE PROCESADO', observations: [] };
    if (verdict.ok && target && target.body.selloRecibido !== ev?.documento?.selloRecibido)
      verdict = { ok: false, code: '013', message: 'SELLO DE RECEPCION NO COINCIDE', observations: [] };
    if (verdict.ok && target && ev) verdict = invalidationRefusal(state, ev, target, clock.now()) ?? verdict;
    if (verdict.ok && state.rejectNext.count > 0 && state.rejectNext.tipoDte === 'anulacion') {
      state.rejectNext.count -= 1;
      verdict = {
        ok: false,
        code: '098',
        message: 'EVENTO RECHAZADO (SIMULADOR: RECHAZO PROGRAMADO)',
        observations: ['[motivo.motivoAnulacion] (SIMULADOR)'],
      };
    }
    if (verdict.ok && state.mode === 'reject')
      verdict = { ok: false, code: '099', message: 'EVENTO RECHAZADO (SIMULADOR EN MODO RECHAZO)', observations: [] };
    const body = answer(verdict, ev?.identificacion?.codigoGeneracion ?? null, b.version ?? 2);
    if (verdict.ok)
      state.invalidated.set(String(ev?.documento?.codigoGeneracion), { ...body, descripcionMsg: 'Invalidación Recibida y Procesada' });
    return send(reply, verdict.ok ? 200 : 400, verdict.ok ? { ...body, descripcionMsg: 'Invalidación Recibida y Procesada' } : body);
  });

  // Evento de Retorno (fe-eret-v1) at the path Sello assumes until MH publishes one (retorno-endpoint.ts): judged
  // with fe-eret-v1, and only on documents this MH sealed, of the issuer that signs it and not invalidated.
  const returns = state.returns;
  app.post(MH_RETURN_PATH, async (req, reply) => {
    if (!authed(req, reply)) return reply;
    count('retornodte');
    const b = (req.body ?? {}) as { documento?: unknown; version?: unknown };
    let verdict = verifySigned(state, typeof b.documento === 'string' ? b.documento : '', (d) => d.emisor?.nit);
    const ev = (verdict.ok ? verdict.doc : null) as {
      identificacion?: { codigoGeneracion?: unknown; version?: unknown; tipoOperacion?: unknown };
      emisor?: { nit?: unknown };
      documentoRelacionado?: { codigoGeneracion?: unknown; tipoDocumento?: unknown }[];
    } | null;
    if (verdict.ok && folder) {
      const pick = pickValidator(folder, 'retorno', ev?.identificacion?.version);
      if (!pick.ok) verdict = { ok: false, code: '006', message: 'VERSION DE EVENTO NO SOPORTADA', observations: pick.observations };
      else if (!pick.validate(ev)) verdict = schemaRefusal(pick.validate);
    }
    // The ER is a 2026 event, whatever the normative of the documents it returns (catalog-checks.ts).
    if (verdict.ok && ev) verdict = catalogRefusal(ev, '2026') ?? verdict;
    const code = String(ev?.identificacion?.codigoGeneracion);
    if (verdict.ok && returns.has(code))
      verdict = { ok: false, code: '004', message: 'YA EXISTE UN REGISTRO CON ESE CODIGO DE GENERACION', observations: [] };
    // An ER made in contingency, as a contingency document: listed in a sealed event, within its 72 hours.
    if (verdict.ok && ev?.identificacion?.tipoOperacion === 2) {
      const until = state.contingencyAllowed.get(code);
      if (until === undefined)
        verdict = { ok: false, code: '010', message: 'EVENTO NO SE ENCUENTRA EN UN EVENTO DE CONTINGENCIA RECIBIDO', observations: [] };
      else if (clock.now().getTime() > until)
        verdict = { ok: false, code: '011', message: 'PLAZO PARA TRANSMITIR EVENTO DE CONTINGENCIA VENCIDO', observations: [] };
    }
    for (const rel of verdict.ok ? (ev?.documentoRelacionado ?? []) : []) {
      const target = state.documents.get(String(rel.codigoGeneracion));
      if (!target?.accepted || target.nit !== String(ev?.emisor?.nit) || target.tipoDte !== String(rel.tipoDocumento)) {
        verdict = {
          ok: false,
          code: '012',
          message: 'EL DOCUMENTO RELACIONADO NO EXISTE O NO FUE PROCESADO',
          observations: [`[documentoRelacionado] ${String(rel.codigoGeneracion)}`],
        };
        break;
      }
      if (state.invalidated.has(String(rel.codigoGeneracion))) {
        verdict = { ok: false, code: '014', message: 'EL DOCUMENTO RELACIONADO ESTA INVALIDADO', observations: [] };
        break;
      }
    }
    if (verdict.ok && state.mode === 'reject')
      verdict = { ok: false, code: '099', message: 'EVENTO RECHAZADO (SIMULADOR EN MODO RECHAZO)', observations: [] };
    const body = answer(verdict, ev?.identificacion?.codigoGeneracion ?? null, b.version ?? 1);
    if (!verdict.ok) return send(reply, 400, body);
    const sealed = { ...body, descripcionMsg: 'Evento de Retorno Recibido y Procesado' };
    const fecEmi = (ev as { identificacion?: { fecEmi?: unknown } } | null)?.identificacion?.fecEmi;
    returns.set(code, {
      body: sealed,
      nit: String(ev?.emisor?.nit),
      tipoDte: '18',
      numeroControl: null,
      accepted: true,
      fecEmi: typeof fecEmi === 'string' ? fecEmi : null,
      jws: String(b.documento),
      version: Number(ev?.identificacion?.version),
      receivedAt: clock.now().getTime(),
    });
    return send(reply, 200, sealed);
  });

  // Evento de Operaciones Especiales (fe-eop-v1) at the path Sello assumes (operaciones-especiales-endpoint.ts):
  // judged with fe-eop-v1 (2026 only: without the v2.0 folder its version is refused) and MF2 §X's rules.
  app.post(MH_SPECIAL_OPERATIONS_PATH, async (req, reply) => {
    if (!authed(req, reply)) return reply;
    count('operacionesespeciales');
    const b = (req.body ?? {}) as { documento?: unknown; version?: unknown };
    let verdict = verifySigned(state, typeof b.documento === 'string' ? b.documento : '', (d) => d.emisor?.nit);
    const ev = (verdict.ok ? verdict.doc : null) as {
      identificacion?: { codigoGeneracion?: unknown; version?: unknown; tipoEvento?: unknown };
      emisor?: { nit?: unknown };
      cuerpoDocumento?: unknown;
    } | null;
    if (verdict.ok && folder) {
      const pick = pickValidator(folder, 'operaciones', ev?.identificacion?.version);
      if (!pick.ok) verdict = { ok: false, code: '006', message: 'VERSION DE EVENTO NO SOPORTADA', observations: pick.observations };
      else if (!pick.validate(ev)) verdict = schemaRefusal(pick.validate);
    }
    if (verdict.ok && ev) verdict = catalogRefusal(ev, '2026', SPECIAL_OPERATIONS_CATALOGS) ?? verdict;
    if (verdict.ok && (ev?.identificacion?.version !== 1 || ev.identificacion.tipoEvento !== '17'))
      verdict = { ok: false, code: '006', message: 'VERSION DE EVENTO NO SOPORTADA', observations: ['[identificacion.version]'] };
    const code = String(ev?.identificacion?.codigoGeneracion);
    if (verdict.ok && state.specialOperations.has(code))
      verdict = { ok: false, code: '004', message: 'YA EXISTE UN REGISTRO CON ESE CODIGO DE GENERACION', observations: [] };
    const refusal = verdict.ok && ev ? eopRefusal(ev, state.specialOperations) : null;
    if (refusal) verdict = { ok: false, ...refusal };
    // As for invalidations: a test asks MH to refuse the next EOEs (`tipoDte: 'operaciones'`).
    if (verdict.ok && state.rejectNext.count > 0 && state.rejectNext.tipoDte === 'operaciones') {
      state.rejectNext.count -= 1;
      verdict = {
        ok: false,
        code: '098',
        message: 'EVENTO RECHAZADO (SIMULADOR: RECHAZO PROGRAMADO)',
        observations: ['[cuerpoDocumento] (SIMULADOR)'],
      };
    }
    if (verdict.ok && state.mode === 'reject')
      verdict = { ok: false, code: '099', message: 'EVENTO RECHAZADO (SIMULADOR EN MODO RECHAZO)', observations: [] };
    const body = answer(verdict, ev?.identificacion?.codigoGeneracion ?? null, b.version ?? 1);
    if (!verdict.ok) return send(reply, 400, body);
    const sealed = { ...body, descripcionMsg: 'Evento de Operaciones Especiales Recibido y Procesado' };
    const items = (Array.isArray(ev?.cuerpoDocumento) ? ev.cuerpoDocumento : []) as Record<string, unknown>[];
    state.specialOperations.set(code, { body: sealed, nit: String(ev?.emisor?.nit), items: items.map(itemOf) });
    return send(reply, 200, sealed);
  });

  // Admin: how tests and the demo steer the simulator.
  app.post('/_sim/mode', async (req, reply) => {
    const b = (req.body ?? {}) as { mode?: string; slowMs?: number };
    if (!(SIM_MODES as readonly string[]).includes(String(b.mode))) return reply.code(400).send({ error: `mode: ${SIM_MODES.join(', ')}` });
    sim.setMode(b.mode as SimMode, b.slowMs);
    return reply.send({ mode: state.mode, slowMs: state.slowMs });
  });
  // The taxpayer changed the API password at MH: every login is refused and open sessions end.
  app.post('/_sim/refuse-logins', async (req, reply) => {
    state.refuseLogins = (req.body as { refuse?: unknown } | null)?.refuse === true;
    if (state.refuseLogins) state.tokens.clear();
    return reply.send({ refuseLogins: state.refuseLogins });
  });
  // How an invalidation of a document already invalidated is refused (state.ts, REPEAT_INVALIDATION_ANSWERS).
  // What consultadte says of a code refused for a taken control number (state.ts, DUPLICATE_QUERY_ANSWERS).
  app.post('/_sim/duplicate-query', async (req, reply) => {
    const answer = (req.body as { answer?: unknown } | null)?.answer;
    if (!(DUPLICATE_QUERY_ANSWERS as readonly unknown[]).includes(answer))
      return reply.code(400).send({ error: `answer: ${DUPLICATE_QUERY_ANSWERS.join(', ')}` });
    state.duplicateQuery = answer as DuplicateQueryAnswer;
    return reply.send({ answer: state.duplicateQuery });
  });
  // What consultadte says of an invalidated document (state.ts, CONSULT_INVALIDATED_ANSWERS).
  app.post('/_sim/consult-invalidated', async (req, reply) => {
    const answer = (req.body as { answer?: unknown } | null)?.answer;
    if (!(CONSULT_INVALIDATED_ANSWERS as readonly unknown[]).includes(answer))
      return reply.code(400).send({ error: `answer: ${CONSULT_INVALIDATED_ANSWERS.join(', ')}` });
    state.consultInvalidated = answer as ConsultInvalidatedAnswer;
    return reply.send({ answer: state.consultInvalidated });
  });
  app.post('/_sim/repeat-invalidation', async (req, reply) => {
    const answer = (req.body as { answer?: unknown } | null)?.answer;
    if (!(REPEAT_INVALIDATION_ANSWERS as readonly unknown[]).includes(answer))
      return reply.code(400).send({ error: `answer: ${REPEAT_INVALIDATION_ANSWERS.join(', ')}` });
    state.repeatInvalidation = answer as RepeatInvalidationAnswer;
    return reply.send({ answer: state.repeatInvalidation });
  });
  // The next `count` documents (of `tipoDte`, or any; 'anulacion' for invalidations) are refused, as MH refuses one
  // it finds wrong.
  app.post('/_sim/reject-next', async (req, reply) => {
    const b = (req.body ?? {}) as { count?: unknown; tipoDte?: unknown };
    if (!Number.isInteger(b.count) || Number(b.count) < 0) return reply.code(400).send({ error: 'count: entero >= 0' });
    state.rejectNext = { count: Number(b.count), tipoDte: typeof b.tipoDte === 'string' ? b.tipoDte : null };
    return reply.send(state.rejectNext);
  });
  // What this MH sealed, for a test to hold a station's report against: documents, invalidations, contingency
  // events, retornos, and how many times each document reached it.
  app.get('/_sim/record', () => ({
    documents: [...state.documents.entries()]
      .filter(([, d]) => d.accepted)
      .map(([code, d]) => ({
        codigoGeneracion: code,
        tipoDte: d.tipoDte,
        numeroControl: d.numeroControl,
        nit: d.nit,
        sello: d.body.selloRecibido,
      })),
    invalidations: [...state.invalidated.entries()].map(([dte, body]) => ({
      dte,
      codigoGeneracion: body.codigoGeneracion,
      sello: body.selloRecibido,
    })),
    contingencyEvents: [...state.events.keys()],
    returns: [...returns.entries()].map(([code, r]) => ({ codigoGeneracion: code, sello: r.body.selloRecibido })),
    specialOperations: [...state.specialOperations.entries()].map(([code, r]) => ({ codigoGeneracion: code, sello: r.body.selloRecibido })),
    received: Object.fromEntries(state.received),
    receivedAfterAccepted: state.receivedAfterAccepted,
  }));
  // The taxpayer registers a certificate at MH (a renewal replaces the one before): `publicKey` (SPKI DER in
  // base64) or `certificate` (the .crt XML MH hands out); from then on only it verifies the NIT's signatures.
  app.post('/_sim/certificates', async (req, reply) => {
    const b = (req.body ?? {}) as { nit?: string; publicKey?: string; certificate?: unknown };
    if (typeof b.certificate === 'string') {
      const key = certificatePublicKey(b.certificate);
      if (!key) return reply.code(400).send({ error: 'certificate: XML de MH con publicKey.encodied' });
      state.keys.set(String(b.nit), key);
      return reply.code(204).send();
    }
    try {
      sim.registerKey(String(b.nit), String(b.publicKey));
    } catch {
      return reply.code(400).send({ error: 'publicKey: SPKI DER en base64' });
    }
    return reply.code(204).send();
  });
  app.get('/_sim/state', () => ({
    mode: state.mode,
    checks: folder ? 'schemas' : 'own',
    at: isoLocal(clock.now()),
    counts: state.counts,
    documents: state.documents.size,
    accepted: [...state.documents.values()].filter((d) => d.accepted).length,
    events: state.events.size,
    invalidated: state.invalidated.size,
    returns: returns.size,
    receivedAfterAccepted: state.receivedAfterAccepted,
  }));

  const sim: MhSimulator = {
    app,
    state,
    checks: folder ? 'schemas' : 'own',
    setMode(mode, slowMs) {
      state.mode = mode;
      if (slowMs !== undefined) state.slowMs = slowMs;
      logger.info('mh-sim mode', { mode, slowMs: state.slowMs });
    },
    registerKey(nit, spki) {
      state.keys.set(nit, createPublicKey({ key: Buffer.from(spki, 'base64'), format: 'der', type: 'spki' }));
    },
  };
  return sim;
}
