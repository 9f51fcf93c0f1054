// The hub's document checks, pure (main/hub/verify-document.ts; decision 0030): each check refuses with its own
// reason, a document that passes them all is left alone, and a status only moves forward.
import { generateKeyPairSync } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { signJson, signJsonText } from '../../main/core/signing/jws';
import { refusalAlert } from '../../main/hub/health';
import type { IngestDocument } from '../../main/hub/ingest-document';
import { DocumentRefused } from '../../main/hub/refusal';
import { statusMayMove, verifyDocument } from '../../main/hub/verify-document';

const { privateKey, publicKey } = generateKeyPairSync('rsa', { modulusLength: 2048 });
const company = { nit: '06142803901121', nrc: '2345678', name: 'Comercial Sello, S.A. de C.V.' };
const ctx = { points: ['M001P001'], company, keys: [publicKey] };
const id = '0f000000-0000-4000-8000-000000000001';

function doc(edit: (j: Record<string, unknown>) => void = () => {}, over: Partial<IngestDocument> = {}): IngestDocument {
  const mhJson: Record<string, unknown> = {
    identificacion: {
      version: 1,
      tipoDte: '01',
      numeroControl: 'DTE-01-M001P001-000000000000001',
      codigoGeneracion: id.toUpperCase(),
      fecEmi: '2026-11-20',
    },
    emisor: { nit: '0614-280390-112-1', nrc: '234567-8', nombre: 'comercial  sello, s.a. de c.v.' },
  };
  edit(mhJson);
  return {
    id,
    kind: 'FC',
    version: 1,
    status: 'APPROVED',
    controlNumber: 'DTE-01-M001P001-000000000000001',
    issueDate: '2026-11-20',
    total: '11.30',
    recipientName: null,
    mhJson,
    jws: signJson(mhJson, privateKey),
    seal: `2026${'A'.repeat(36)}`,
    sealedAt: null,
    updatedAt: '2026-11-20T10:00:00-06:00',
    ...over,
  };
}

const reasonOf = (d: IngestDocument): string | null => {
  try {
    verifyDocument(d, ctx);
    return null;
  } catch (e) {
    if (e instanceof DocumentRefused) return e.reason;
    throw e;
  }
};

describe('verifyDocument', () => {
  it('passes a document of its point, signed, of the company (NIT and NRC by digits, name by words)', () => {
    expect(reasonOf(doc())).toBeNull();
  });

  it('refuses each forgery with its reason', () => {
    expect(reasonOf(doc(undefined, { controlNumber: 'DTE-01-M002P001-000000000000001' }))).toBe('POINT_NOT_BOUND');
    expect(reasonOf(doc(undefined, { controlNumber: 'no es un número' }))).toBe('CONTROL_NUMBER');
    expect(reasonOf(doc(undefined, { kind: 'CCF' }))).toBe('CONTROL_NUMBER');
    expect(reasonOf(doc((j) => ((j.identificacion as Record<string, unknown>).tipoDte = '03')))).toBe('KIND_MISMATCH');
    expect(reasonOf(doc((j) => ((j.identificacion as Record<string, unknown>).fecEmi = '2026-11-21')))).toBe('FIELDS_MISMATCH');
    // A version the JSON does not say, or one MH never defined for the kind: the hub has no reader for it.
    expect(reasonOf(doc((j) => ((j.identificacion as Record<string, unknown>).version = 2), { version: 1 }))).toBe('FIELDS_MISMATCH');
    expect(reasonOf(doc((j) => ((j.identificacion as Record<string, unknown>).version = 7), { version: 7 }))).toBe('FIELDS_MISMATCH');
    expect(reasonOf(doc(undefined, { jws: 'not.a.signature' }))).toBe('BAD_SIGNATURE');
    const signed = doc();
    expect(reasonOf({ ...signed, mhJson: { ...signed.mhJson, resumen: { totalPagar: 999999.99 } } })).toBe('PAYLOAD_MISMATCH');
    expect(reasonOf(doc((j) => ((j.emisor as Record<string, unknown>).nombre = 'Otra Empresa')))).toBe('ISSUER_MISMATCH');
    expect(reasonOf(doc((j) => ((j.emisor as Record<string, unknown>).nit = '06140101001010')))).toBe('ISSUER_MISMATCH');
    expect(reasonOf(doc(undefined, { seal: 'FAKESEAL0000' }))).toBe('BAD_SEAL');
    expect(reasonOf(doc(undefined, { seal: null }))).toBe('BAD_SEAL');
    expect(reasonOf(doc(undefined, { seal: null, status: 'PROCESSING' }))).toBeNull();
  });

  it("compares the payload as JSON, whatever the signer's spacing and key order; its text alone is not enough", () => {
    const signed = doc();
    const { identificacion, emisor } = signed.mhJson;
    // The same document, signed as another signer would write it: indented, its keys in another order.
    const spaced = signJsonText(JSON.stringify({ emisor, identificacion }, null, 2), privateKey);
    expect(reasonOf({ ...signed, jws: spaced })).toBeNull();
    // Spaced and different: refused, however the text compares.
    const other = signJsonText(
      JSON.stringify({ emisor, identificacion: { ...(identificacion as object), extra: 1 } }, null, 2),
      privateKey,
    );
    expect(reasonOf({ ...signed, jws: other })).toBe('PAYLOAD_MISMATCH');
    // A payload that is not JSON at all.
    expect(reasonOf({ ...signed, jws: signJsonText('{"identificacion":', privateKey) })).toBe('PAYLOAD_MISMATCH');
  });
});

describe('statusMayMove', () => {
  it('goes forward, in one step or several, never back', () => {
    expect(statusMayMove('CREATED', 'INVALIDATED')).toBe(true);
    expect(statusMayMove('APPROVED', 'APPROVED')).toBe(true);
    expect(statusMayMove('PROCESSING', 'CREATED')).toBe(true);
    expect(statusMayMove('APPROVED', 'PROCESSING')).toBe(false);
    expect(statusMayMove('INVALIDATED', 'APPROVED')).toBe(false);
    expect(statusMayMove('REJECTED', 'APPROVED')).toBe(false);
  });
});

describe('refusalAlert', () => {
  it('is critical, counts and names the reasons; nothing without refusals', () => {
    expect(refusalAlert(undefined)).toEqual([]);
    const [a] = refusalAlert({
      stationId: 'M001-P001',
      count: 2,
      latest: [
        { documentId: id, controlNumber: 'x', reason: 'BAD_SIGNATURE', detail: '', refusedAt: '' },
        { documentId: id, controlNumber: 'y', reason: 'POINT_NOT_BOUND', detail: '', refusedAt: '' },
      ],
    });
    expect(a).toMatchObject({ code: 'DOCUMENTS_REFUSED', severity: 'critical' });
    expect(a!.message).toMatch(/rechazó 2 documentos.*BAD_SIGNATURE, POINT_NOT_BOUND.*revoque su token/);
  });
});
