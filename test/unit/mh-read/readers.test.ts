// The readers on real documents: the golden MH JSON the serializers write (test/fixtures/golden, built from the
// same contract bodies under each normative). What a body says must read the same whatever the version spells.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { DTE_MAPS } from '../../../main/core/mh-read/dte-maps';
import { readDte, UnknownMhVersion } from '../../../main/core/mh-read/read-dte';
import { invalidationDate, readContingency, readInvalidation } from '../../../main/core/mh-read/read-event';
import type { DteKind } from '../../../shared/contract';

const GOLDEN = join(__dirname, '..', '..', 'fixtures', 'golden');
const load = (file: string) => JSON.parse(readFileSync(join(GOLDEN, file), 'utf8')) as Record<string, unknown>;

const PAIRS: readonly [DteKind, string, string][] = [
  ['FC', 'fc.json', 'v2/fe.json'],
  ['CCF', 'ccf.json', 'v2/ccf.json'],
  ['CR', 'cr.json', 'v2/cr.json'],
  ['FSE', 'fse.json', 'v2/fse.json'],
  ['FEX', 'fex.json', 'v2/fex.json'],
];

describe('a DTE read under both normatives', () => {
  for (const [kind, legacy, v2] of PAIRS)
    it(`${kind}: the party, amounts and lines read alike from ${legacy} and ${v2}`, () => {
      const a = readDte(kind, load(legacy));
      const b = readDte(kind, load(v2));
      expect(a.version).not.toBe(b.version);
      // What v2.0 dropped reads as 0 there: the FE's and CCF's reteRenta, the FSE's IVA retention.
      const { reteRenta: ra, ivaRetenido: ia, ...amountsA } = a.amounts;
      const { reteRenta: rb, ivaRetenido: ib, ...amountsB } = b.amounts;
      expect(amountsB).toEqual(amountsA);
      if (kind !== 'FSE') expect(ib).toBe(ia);
      if (kind === 'FSE') expect(rb).toBe(ra);
      expect(b.party?.name).toBe(a.party?.name);
      expect(b.party?.number).toBe(a.party?.number);
      expect(b.party?.country).toBe(a.party?.country);
      expect(b.lines()).toEqual(a.lines());
      expect(b.retentions()).toEqual(a.retentions());
      expect(b.payments).toEqual(a.payments);
      expect(b.exportItems).toBe(a.exportItems);
    });

  it('the amounts each version spells its own way are read (not zero)', () => {
    expect(readDte('CCF', load('v2/ccf.json')).amounts.ivaRetenido).toBe(0.38);
    expect(readDte('CCF', load('v2/ccf.json')).amounts.iva).toBe(4.9);
    expect(readDte('CR', load('v2/cr.json')).amounts.totalRetenido).toBe(6.51);
    expect(readDte('CR', load('cr.json')).amounts.totalRetenido).toBe(6.51);
    expect(readDte('NC', load('v2/nc.json')).amounts).toMatchObject({ iva: 1.07, ivaRetenido: 0.07, totalPagar: 9.25 });
    expect(readDte('ND', load('v2/nd.json')).amounts).toMatchObject({ iva: 1.07, ivaRetenido: 0.07 });
    expect(readDte('FSE', load('v2/fse.json')).party?.name).toBeTruthy();
  });

  it('a FEX’s country reads as ISO alpha-2 from the legacy 4-digit code and from the v3 ISO code', () => {
    const legacy = load('fex.json') as { receptor: { codPais: string } };
    const v3 = load('v2/fex.json') as { receptor: { codPais: string } };
    expect(legacy.receptor.codPais).toMatch(/^\d{4}$/);
    expect(v3.receptor.codPais).toMatch(/^[A-Z]{2}$/);
    expect(readDte('FEX', legacy).party?.country).toBe(v3.receptor.codPais);
    const gt = { ...legacy, receptor: { ...legacy.receptor, codPais: '9483' } };
    expect(readDte('FEX', gt).party?.country).toBe('GT');
  });

  it('a version no normative defines is refused by name, never read as another', () => {
    const doc = load('fc.json') as { identificacion: object };
    expect(() => readDte('FC', { ...doc, identificacion: { ...doc.identificacion, version: 9 } })).toThrow(UnknownMhVersion);
  });
});

describe('the events', () => {
  it('an invalidation’s date: fecAnula in anulacion v2, fecEmi in invalidacion v3', () => {
    const v3 = load('v2/invalidacion.json') as { identificacion: { fecEmi: string } };
    expect(readInvalidation(v3)?.date).toBe(v3.identificacion.fecEmi);
    expect(invalidationDate(JSON.stringify(v3))).toBe(v3.identificacion.fecEmi);
    const v2 = { identificacion: { version: 2, codigoGeneracion: 'a', fecAnula: '2026-11-05', horAnula: '10:00:00' }, documento: {} };
    expect(invalidationDate(JSON.stringify(v2))).toBe('2026-11-05');
    expect(invalidationDate('{"identificacion":{"version":7,"fecEmi":"2026-11-05"}}')).toBeNull();
  });

  it('a contingency event lists its documents', () => {
    const ev = load('v2/contingencia.json') as { detalleDTE: { codigoGeneracion: string }[] };
    const r = readContingency(ev);
    expect(r?.documents.map((d) => d.generationCode)).toEqual(ev.detalleDTE.map((d) => d.codigoGeneracion.toUpperCase()));
  });
});

describe('the hub index over a note’s related documents', () => {
  it('every NC and ND map, in both normatives, names them where migration 003’s index and related.ts read them', () => {
    const notes = DTE_MAPS.filter((m) => m.kind === 'NC' || m.kind === 'ND');
    expect(new Set(notes.map((m) => m.version)).size).toBeGreaterThan(1);
    for (const m of notes) {
      expect(m.related?.at, `${m.kind} v${m.version}`).toBe('documentoRelacionado');
      expect(m.related?.fields.number, `${m.kind} v${m.version}`).toBe('numeroDocumento');
    }
  });
});
