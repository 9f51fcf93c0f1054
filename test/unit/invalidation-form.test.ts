// The invalidation form's data: who it names by default, the body it sends, what it says before and after sending.
import { describe, expect, it } from 'vitest';
import {
  answerErrors,
  defaultPeople,
  draftErrors,
  emptyDraft,
  invalidationBody,
  needsReplacement,
  type InvalidationDraft,
} from '../../renderer/src/documents/invalidation';

const DTE = '0b6f1c7e-4d2a-4f3b-9a1c-2e5d8f7a6b10';
const OTHER = '7c1d2e3f-5a6b-4c7d-8e9f-0a1b2c3d4e5f';
const responsible = { name: 'Ana Lucía Gómez', identificationDocument: { type: 'DUI', number: '012345678' } };

describe('who an invalidation names', () => {
  it('the station’s responsible answers for it; the person logged in asks, and types a document', () => {
    const { manager, requester } = defaultPeople({ name: 'Beto Ramírez' }, responsible);
    expect(manager).toEqual({ name: 'Ana Lucía Gómez', docType: 'DUI', docNumber: '012345678', from: 'station' });
    expect(requester).toEqual({ name: 'Beto Ramírez', docType: 'DUI', docNumber: '', from: 'session' });
  });
  it('the responsible logged in is both, document included (names compared without accents or case)', () => {
    const { manager, requester } = defaultPeople({ name: 'ana lucia gomez' }, responsible);
    expect(manager).toMatchObject({ name: 'ana lucia gomez', docNumber: '012345678', from: 'session' });
    expect(requester).toMatchObject({ docNumber: '012345678' });
  });
  it('without a responsible, the person logged in; without either, empty', () => {
    expect(defaultPeople({ name: 'Beto Ramírez' }, null).manager).toEqual({
      name: 'Beto Ramírez',
      docType: 'DUI',
      docNumber: '',
      from: 'session',
    });
    expect(defaultPeople(null, null)).toEqual({
      manager: { name: '', docType: 'DUI', docNumber: '', from: null },
      requester: { name: '', docType: 'DUI', docNumber: '', from: null },
    });
    expect(defaultPeople(null, responsible).requester).toMatchObject({ from: 'station' });
  });
  it('a person whose document the station knows is taken whole', () => {
    const user = { name: 'Beto Ramírez', identificationDocument: { type: 'NIT' as const, number: '06141234567890' } };
    expect(defaultPeople(user, responsible).manager).toEqual({
      name: 'Beto Ramírez',
      docType: 'NIT',
      docNumber: '06141234567890',
      from: 'session',
    });
  });
});

const draft = (patch: Partial<InvalidationDraft> = {}): InvalidationDraft => ({
  ...emptyDraft(defaultPeople({ name: 'Beto Ramírez' }, responsible)),
  requester: { name: 'Beto Ramírez', docType: 'DUI', docNumber: '04567891-2', from: 'session' },
  ...patch,
});

describe('the body sent', () => {
  it('type 1 with its replacement, ids as digits, empty reason left out', () => {
    expect(invalidationBody(DTE, draft({ type: 1, replacementId: OTHER }))).toEqual({
      dteId: DTE,
      type: 1,
      dteReplaceId: OTHER,
      manager: { name: 'Ana Lucía Gómez', identificationDocument: { type: 'DUI', number: '012345678' } },
      requester: { name: 'Beto Ramírez', identificationDocument: { type: 'DUI', number: '045678912' } },
    });
  });
  it('type 2 never carries a replacement, even one picked before the type changed', () => {
    const body = invalidationBody(DTE, draft({ type: 2, replacementId: OTHER, reason: '  Venta anulada  ' }));
    expect(body).not.toHaveProperty('dteReplaceId');
    expect(body).toMatchObject({ type: 2, reason: 'Venta anulada' });
    expect(needsReplacement(2)).toBe(false);
    expect(needsReplacement(3)).toBe(true);
  });
});

describe('what the form says before sending', () => {
  const paths = (d: InvalidationDraft) => draftErrors(DTE, d).map((e) => e.path);
  it('the type must be chosen', () => {
    expect(paths(draft())).toEqual(['type']);
  });
  it('types 1 and 3 need the replacement, 3 the reason too (the core’s own schema)', () => {
    expect(paths(draft({ type: 1 }))).toEqual(['dteReplaceId']);
    expect(paths(draft({ type: 3 }))).toEqual(expect.arrayContaining(['dteReplaceId', 'reason']));
    expect(paths(draft({ type: 2 }))).toEqual([]);
    expect(paths(draft({ type: 1, replacementId: OTHER }))).toEqual([]);
  });
  it('each person’s name and document are checked where they are typed', () => {
    const d = draft({ type: 2, requester: { name: 'Beto', docType: 'DUI', docNumber: '123', from: 'session' } });
    expect(paths(d)).toEqual(expect.arrayContaining(['requester.name', 'requester.identificationDocument.number']));
  });
});

describe('what the station answered', () => {
  it('a replacement that is not another approved document names the replacement', () => {
    const a = answerErrors({ code: 'REPLACEMENT_NOT_APPROVED', title: 'El DTE de reemplazo no está aprobado', detail: 'Debe ser otro.' });
    expect(a).toEqual({ fields: [{ path: 'dteReplaceId', code: 'NOT_ALLOWED', message: 'Debe ser otro.' }], general: null });
  });
  it('field errors go beside their fields, the rest in words', () => {
    const a = answerErrors({
      code: 'VALIDATION_FAILED',
      title: 'La solicitud tiene datos no válidos',
      errors: [
        { path: 'manager.name', code: 'TOO_SHORT', message: 'Muy corto.' },
        { path: '', code: 'REQUIRED', message: 'Falta algo.' },
      ],
    });
    expect(a.fields.map((e) => e.path)).toEqual(['manager.name']);
    expect(a.general).toBe('Falta algo.');
    expect(answerErrors({ code: 'INVALIDATION_WINDOW_CLOSED', title: 'Fuera del plazo', detail: 'Venció el 1.' }).general).toBe(
      'Venció el 1.',
    );
  });
});
