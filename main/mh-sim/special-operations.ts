// How the simulator judges an Evento de Operaciones Especiales beyond fe-eop-v1 (MF2 §X pp.21–26, summed up in
// docs/mh.md; docs/decisions/0083-evento-de-operaciones-especiales.md): at most 500 items; Facturas Simplificadas
// only by ranges; ranges or single vouchers, never both; a single voucher with quantity 1, its number and date; a
// range with neither; an item re-reported only against an EOE this MH sealed for the same issuer that reported it.

/** An item of a sealed EOE, as the simulator keeps it. */
export interface SealedEopItem {
  readonly tipoDocumento: string;
  readonly numDocumento: string | null;
  readonly docDel: string | null;
  readonly docAl: string | null;
  readonly ref: string | null;
}

/** An EOE this MH sealed, by codigoGeneracion. */
export interface SealedEop {
  readonly nit: string;
  readonly items: readonly SealedEopItem[];
}

export interface EopRefusal {
  readonly code: string;
  readonly message: string;
  readonly observations: string[];
}

type Item = Record<string, unknown>;
const str = (v: unknown): string | null => (typeof v === 'string' ? v : null);

export const itemOf = (i: Item): SealedEopItem => ({
  tipoDocumento: String(i.tipoDocumento),
  numDocumento: str(i.numDocumento),
  docDel: str(i.docDel),
  docAl: str(i.docAl),
  ref: str(i.codigoGeneracionRef),
});

/** The first rule the event breaks, or null. `sealed` holds the EOEs this MH sealed. */
/** A voucher's number as a prefix and a count (`FS-0042` → `FS-`, 42); null when it does not end in digits. */
function numbered(v: string | null): { prefix: string; n: number } | null {
  const m = v === null ? null : /^(.*?)(\d+)$/.exec(v);
  return m ? { prefix: m[1]!, n: Number(m[2]) } : null;
}

/** Whether the vouchers lo…hi (one voucher: lo = hi) lie inside the reported range from…to, counted by number. */
function inside(lo: string | null, hi: string | null, from: string | null, to: string | null): boolean {
  const [a, b, f, t] = [numbered(lo), numbered(hi), numbered(from), numbered(to)];
  if (!a || !b || !f || !t) return false;
  const prefix = f.prefix;
  return a.prefix === prefix && b.prefix === prefix && t.prefix === prefix && f.n <= a.n && b.n <= t.n && a.n <= b.n;
}

export function eopRefusal(
  ev: { emisor?: { nit?: unknown }; cuerpoDocumento?: unknown },
  sealed: ReadonlyMap<string, SealedEop>,
): EopRefusal | null {
  const items = (Array.isArray(ev.cuerpoDocumento) ? ev.cuerpoDocumento : []) as Item[];
  const no = (code: string, message: string, field: string) => ({ code, message, observations: [`[${field}]`] });
  if (items.length > 500) return no('020', 'EL EVENTO EXCEDE 500 ITEMS', 'cuerpoDocumento');
  const ranges = items.map((i) => i.docDel !== null || i.docAl !== null);
  if (ranges.some((r) => r !== ranges[0])) return no('021', 'NO SE PERMITE COMBINAR RANGOS Y DOCUMENTOS INDIVIDUALES', 'cuerpoDocumento');
  for (const [n, i] of items.entries()) {
    const at = (f: string) => `cuerpoDocumento[${n}].${f}`;
    if (!['02', '97'].includes(String(i.tipoDocumento))) return no('022', 'TIPO DE DOCUMENTO NO VALIDO (CAT-023)', at('tipoDocumento'));
    if (ranges[n]) {
      if (i.docDel === null || i.docAl === null) return no('023', 'RANGO INCOMPLETO', at('docAl'));
      if (i.numDocumento !== null || i.fechaEmision !== null)
        return no('024', 'DOCUMENTO ORIGEN Y FECHA DEBEN SER NULOS EN RANGOS', at('numDocumento'));
    } else {
      if (i.tipoDocumento === '02') return no('025', 'FACTURA SIMPLIFICADA SOLO POR RANGOS', at('tipoDocumento'));
      if (i.numDocumento === null || i.fechaEmision === null) return no('026', 'DOCUMENTO ORIGEN Y FECHA REQUERIDOS', at('numDocumento'));
      if (i.cantidad !== 1) return no('027', 'CANTIDAD DEBE SER 1 EN DOCUMENTOS INDIVIDUALES', at('cantidad'));
    }
    const ref = str(i.codigoGeneracionRef);
    if (ref !== null) {
      const earlier = sealed.get(ref);
      const mine = itemOf(i);
      const reported = earlier?.items.some(
        (e) =>
          e.ref === null &&
          e.tipoDocumento === mine.tipoDocumento &&
          ((mine.numDocumento !== null && e.numDocumento === mine.numDocumento) ||
            (mine.docDel !== null && e.docDel === mine.docDel && e.docAl === mine.docAl) ||
            inside(mine.numDocumento ?? mine.docDel, mine.numDocumento ?? mine.docAl, e.docDel, e.docAl)),
      );
      if (!earlier || earlier.nit !== String(ev.emisor?.nit) || !reported)
        return no('028', 'EL EVENTO DE REFERENCIA NO EXISTE O NO REPORTO EL DOCUMENTO', at('codigoGeneracionRef'));
    }
  }
  return null;
}
