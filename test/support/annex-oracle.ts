// An independent reading of the F-07 annexes, for tests: straight from the signed MH documents in a station's
// database (each JWS's payload, the seal MH gave it, and the signed invalidation events), written from
// MH's manual (docs/mh.md) without any of main/core/books or main/core/mh-read. Where the two disagree, one of them
// misread the manual. It reads both normatives' field names itself (docs/mh.md, what changes per kind): the legacy ones (ivaRete1,
// sujetoExcluido, 4-digit countries, the invalidation's fecAnula) and v2.0's (ivaRete, receptor, ISO, fecEmi).
import BetterSqlite3 from 'better-sqlite3';
import Decimal from 'decimal.js';
import { unpackDocument } from '../../main/core/dte/packing/packed-document';

type Json = Record<string, unknown>;
const obj = (v: unknown): Json => (v && typeof v === 'object' ? (v as Json) : {});
const str = (v: unknown): string => (typeof v === 'string' ? v : '');
const D = (v: unknown) => new Decimal(typeof v === 'number' || typeof v === 'string' ? v : 0);
const fmt = (d: Decimal) => d.toDecimalPlaces(2, Decimal.ROUND_HALF_UP).toFixed(2);
const payload = (jws: string): Json => JSON.parse(Buffer.from(jws.split('.')[1]!, 'base64url').toString('utf8')) as Json;
const ddmmyyyy = (iso: string) => iso.split('-').reverse().join('/');

interface Signed {
  doc: Json;
  seal: string;
  status: string;
  annulledOn: string | null;
}

export interface OracleAnnexes {
  readonly '1': string[][];
  readonly '2': string[][];
  readonly '5': string[][];
  readonly '10': string[][];
  readonly anulados: string[][];
  /** The IVA books' closing figures, re-added from the same payloads. */
  readonly summary: {
    readonly consumerGravadas: string;
    readonly consumerDebito: string;
    readonly contributorDebito: string;
    readonly ivaRetenido: string;
    readonly retencionesEfectuadas: string;
    readonly anulacionesPrevias: string;
  };
}

/** The day an invalidation event is dated: anulacion v2's fecAnula, invalidacion v3's fecEmi ("Fecha del Evento"). */
const eventDate = (event: Json): string => {
  const id = obj(event.identificacion);
  return str(id.version === 2 ? id.fecAnula : id.fecEmi);
};

/** The annexes of `month` (YYYY-MM) as the station at `dbFile` should write them with the default settings. */
export function oracleAnnexes(dbFile: string, month: string): OracleAnnexes {
  const db = new BetterSqlite3(dbFile, { readonly: true });
  let docs: Signed[];
  try {
    const annulled = new Map(
      (db.prepare("SELECT dte_id, jws FROM invalidations WHERE status = 'APPROVED'").all() as { dte_id: string; jws: string }[]).map(
        (r) => [r.dte_id, eventDate(payload(r.jws))],
      ),
    );
    docs = (
      db.prepare('SELECT id, packed, seal, status FROM documents').all() as {
        id: string;
        packed: Buffer;
        seal: string | null;
        status: string;
      }[]
    ).flatMap((r) => {
      const jws = unpackDocument(r.packed).jws;
      return jws ? [{ doc: payload(jws), seal: r.seal ?? '', status: r.status, annulledOn: annulled.get(r.id) ?? null }] : [];
    });
  } finally {
    db.close();
  }
  const id = (s: Signed) => obj(s.doc.identificacion);
  const type = (s: Signed) => str(id(s).tipoDte);
  const date = (s: Signed) => str(id(s).fecEmi);
  const cg = (s: Signed) => str(id(s).codigoGeneracion).toUpperCase();
  const res = (s: Signed) => obj(s.doc.resumen);
  const last = new Date(Date.UTC(Number(month.slice(0, 4)), Number(month.slice(5, 7)), 0)).toISOString().slice(0, 10);
  const inMonth = (s: Signed) => date(s).startsWith(month);
  // Valid at the month's end: not rejected, not annulled by then.
  const valid = (s: Signed) => s.status !== 'REJECTED' && (s.annulledOn === null || s.annulledOn > last);
  const chrono = (a: Signed, b: Signed) =>
    `${date(a)} ${str(id(a).horEmi)} ${str(id(a).numeroControl)}`.localeCompare(
      `${date(b)} ${str(id(b).horEmi)} ${str(id(b).numeroControl)}`,
    );
  const month$ = docs.filter((s) => inMonth(s) && valid(s)).sort(chrono);
  const net = (s: Signed, total: string, discount: string) => D(res(s)[total]).minus(D(res(s)[discount]));
  // CCF and notes: the tributo 20; an NC or ND v4 states it as totalIva too (ND v4's schema keys tributos "").
  const iva = (s: Signed) => (res(s).tributos as Json[] | null | undefined)?.find((t) => t.codigo === '20')?.valor ?? res(s).totalIva ?? 0;
  /** What the client withheld: ivaRete1 (legacy), ivaRete (v2.0). */
  const retained = (s: Signed) => D(res(s).ivaRete1 ?? res(s).ivaRete);

  const annex1 = month$
    .filter((s) => ['03', '05', '06'].includes(type(s)))
    .map((s) => {
      const r = obj(s.doc.receptor);
      // CCF and legacy notes name the receptor by nit; v4 notes by tipoDocumento 36 and numDocumento.
      const nit = str(r.nit) || (str(r.tipoDocumento) === '36' ? str(r.numDocumento) : '');
      const [ex, ns, gr] = [
        net(s, 'totalExenta', 'descuExenta'),
        net(s, 'totalNoSuj', 'descuNoSuj'),
        net(s, 'totalGravada', 'descuGravada'),
      ];
      const operation = !gr.isZero() && !ex.plus(ns).isZero() ? '4' : gr.isZero() ? '2' : '1';
      return [
        ddmmyyyy(date(s)),
        '4',
        type(s),
        str(id(s).numeroControl).split('-').join(''),
        s.seal,
        cg(s).split('-').join(''),
        '',
        nit.length === 14 ? nit : '',
        str(r.nombre),
        fmt(ex),
        fmt(ns),
        fmt(gr),
        fmt(D(iva(s))),
        '0.00',
        '0.00',
        fmt(ex.plus(ns).plus(gr)),
        nit.length === 9 ? nit : '',
        operation,
        '3',
        '1',
      ];
    });

  // Anexo 2: per day, type and income code; FEX value by destination and goods or services.
  // Guatemala, Honduras, Nicaragua, Costa Rica and El Salvador: legacy CAT-020 digits and ISO codes.
  const CA = new Set(['9483', '9501', '9615', '9411', '9300', 'GT', 'HN', 'NI', 'CR', 'SV']);
  const groups = new Map<string, Signed[]>();
  for (const s of month$.filter((x) => type(x) === '01' || type(x) === '11')) {
    const services = type(s) === '11' && obj(s.doc.emisor).tipoItemExpor === 2;
    const key = `${date(s)}|${type(s)}|${type(s) === '11' ? (services ? '9' : '7') : '3'}`;
    groups.set(key, [...(groups.get(key) ?? []), s]);
  }
  const consumerRow = (g: Signed[], sign: number) => {
    const c = { k: new Decimal(0), m: new Decimal(0), n: new Decimal(0), o: new Decimal(0), p: new Decimal(0), q: new Decimal(0) };
    for (const s of g) {
      if (type(s) === '01') {
        c.k = c.k.plus(net(s, 'totalExenta', 'descuExenta'));
        c.m = c.m.plus(net(s, 'totalNoSuj', 'descuNoSuj'));
        c.n = c.n.plus(net(s, 'totalGravada', 'descuGravada'));
      } else {
        const value = D(res(s).montoTotalOperacion);
        if (obj(s.doc.emisor).tipoItemExpor === 2) c.q = c.q.plus(value);
        else if (CA.has(str(obj(s.doc.receptor).codPais))) c.o = c.o.plus(value);
        else c.p = c.p.plus(value);
      }
    }
    const t = c.k.plus(c.m).plus(c.n).plus(c.o).plus(c.p).plus(c.q);
    const v = (d: Decimal) => fmt(d.times(sign));
    const first = g[0]!;
    const exports = type(first) === '11';
    const operation = exports ? '1' : !c.n.isZero() && !c.k.plus(c.m).isZero() ? '4' : c.n.isZero() ? '2' : '1';
    const income = exports ? (obj(first.doc.emisor).tipoItemExpor === 2 ? '9' : '7') : '3';
    return [
      ddmmyyyy(date(first)),
      '4',
      type(first),
      'N/A',
      'N/A',
      'N/A',
      'N/A',
      cg(first).split('-').join(''),
      cg(g[g.length - 1]!)
        .split('-')
        .join(''),
      '',
      v(c.k),
      '0.00',
      v(c.m),
      v(c.n),
      v(c.o),
      v(c.p),
      v(c.q),
      '0.00',
      '0.00',
      v(t),
      operation,
      income,
      '2',
    ];
  };
  const annex2 = [...groups.keys()].sort().map((k) => consumerRow(groups.get(k)!, 1));
  // Earlier months' FC and FEX annulled in this one: a negative row each, dated when issued.
  const annulledNow = docs.filter((s) => s.annulledOn?.startsWith(month));
  for (const s of annulledNow.filter((x) => (type(x) === '01' || type(x) === '11') && !inMonth(x)).sort(chrono))
    annex2.push(consumerRow([s], -1));

  const annex5 = month$
    .filter((s) => type(s) === '14')
    .map((s) => {
      // The supplier: sujetoExcluido in fe-fse-v1, receptor in fe-fse-v2.
      const se = obj(s.doc.sujetoExcluido ?? s.doc.receptor);
      const t = str(se.tipoDocumento);
      return [
        t === '36' ? '1' : t === '13' ? '2' : '3',
        str(se.numDocumento).replace(/[^A-Za-z0-9]/g, ''),
        str(se.nombre),
        ddmmyyyy(date(s)),
        s.seal,
        cg(s).split('-').join(''),
        fmt(D(res(s).subTotal)),
        fmt(D(res(s).ivaRete1)),
        '1',
        '2',
        '2',
        '2',
        '5',
      ];
    });

  const annex10 = month$
    .filter((s) => type(s) === '07')
    .flatMap((s) => {
      const items = (s.doc.cuerpoDocumento as Json[]).filter((i) => i.codigoRetencionMH === '22');
      if (items.length === 0) return [];
      const r = obj(s.doc.receptor);
      const number = str(r.numDocumento);
      return [
        [
          str(r.tipoDocumento) === '36' && number.length === 14 ? number : '',
          ddmmyyyy(date(s)),
          '07',
          str(id(s).numeroControl).split('-').join(''),
          s.seal,
          cg(s).split('-').join(''),
          fmt(items.reduce((a, i) => a.plus(D(i.montoSujetoGrav)), new Decimal(0))),
          fmt(items.reduce((a, i) => a.plus(D(i.ivaRetenido)), new Decimal(0))),
          str(r.tipoDocumento) === '13' ? number : '',
          '10',
        ],
      ];
    });

  const anulados = annulledNow
    .sort((a, b) => `${a.annulledOn} ${str(id(a).numeroControl)}`.localeCompare(`${b.annulledOn} ${str(id(b).numeroControl)}`))
    .map((s) => [str(id(s).numeroControl), '4', '0', '0', type(s), 'D', s.seal, '0', '0', cg(s)]);

  const sumOf = (list: Signed[], f: (s: Signed) => Decimal) => list.reduce((a, s) => a.plus(f(s)), new Decimal(0));
  const signed = (s: Signed, d: Decimal) => (type(s) === '05' ? d.neg() : d);
  const fcs = month$.filter((s) => type(s) === '01');
  const earlierConsumer = annulledNow.filter((x) => (type(x) === '01' || type(x) === '11') && !inMonth(x));
  const taxpayer = month$.filter((s) => ['03', '05', '06'].includes(type(s)));
  const summary = {
    consumerGravadas: fmt(sumOf(fcs, (s) => net(s, 'totalGravada', 'descuGravada'))),
    // The IVA inside the month's taxed consumer sales (13/113), rounded once, as casilla 140 is (F-07).
    consumerDebito: fmt(
      sumOf(fcs, (s) => net(s, 'totalGravada', 'descuGravada'))
        .minus(
          sumOf(
            earlierConsumer.filter((s) => type(s) === '01'),
            (s) => net(s, 'totalGravada', 'descuGravada'),
          ),
        )
        .times(13)
        .div(113),
    ),
    contributorDebito: fmt(sumOf(taxpayer, (s) => signed(s, D(iva(s))))),
    ivaRetenido: fmt(sumOf(fcs, retained).plus(sumOf(taxpayer, (s) => signed(s, retained(s))))),
    retencionesEfectuadas: fmt(
      sumOf(
        month$.filter((s) => type(s) === '07'),
        (s) => (s.doc.cuerpoDocumento as Json[]).reduce((a, i) => a.plus(D(i.ivaRetenido)), new Decimal(0)),
      ).plus(
        sumOf(
          month$.filter((s) => type(s) === '14'),
          (s) => D(res(s).ivaRete1),
        ),
      ),
    ),
    anulacionesPrevias: fmt(
      sumOf(earlierConsumer, (s) =>
        type(s) === '11'
          ? D(res(s).montoTotalOperacion)
          : net(s, 'totalExenta', 'descuExenta')
              .plus(net(s, 'totalNoSuj', 'descuNoSuj'))
              .plus(net(s, 'totalGravada', 'descuGravada')),
      ),
    ),
  };

  return { '1': annex1, '2': annex2, '5': annex5, '10': annex10, anulados, summary };
}
