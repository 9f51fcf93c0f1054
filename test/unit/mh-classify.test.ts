import { describe, expect, it } from 'vitest';
import { classify, type Exchange } from '../../main/core/mh/classify';

const SEAL = '20219E9D4DC0292F4681AD759B0B0F5CA99DC23G';
const res = (status: number, body: unknown): Exchange => ({ kind: 'response', status, body });

describe('classify MH outcomes', () => {
  it.each<[string, Exchange, 'send' | 'query', Record<string, unknown>]>([
    [
      'sealed',
      res(200, { estado: 'PROCESADO', codigoMsg: '001', descripcionMsg: 'RECIBIDO', selloRecibido: SEAL, observaciones: [] }),
      'send',
      { outcome: 'accepted', seal: SEAL },
    ],
    [
      'sealed with observations',
      res(200, {
        estado: 'PROCESADO',
        codigoMsg: '002',
        selloRecibido: SEAL,
        observaciones: ['[resumen.totalVentaGra] CALCULO INCORRECTO'],
      }),
      'send',
      { outcome: 'accepted_with_observations', observations: ['[resumen.totalVentaGra] CALCULO INCORRECTO'] },
    ],
    [
      'seal under numValidacion (consultadte)',
      res(200, { estado: 'PROCESADO', numValidacion: SEAL }),
      'query',
      { outcome: 'accepted', seal: SEAL },
    ],
    [
      'consultadte: estado INVALIDADO with the seal',
      res(200, { estado: 'INVALIDADO', selloRecibido: SEAL, descripcionMsg: 'DOCUMENTO INVALIDADO' }),
      'query',
      { outcome: 'invalidated', seal: SEAL },
    ],
    ['consultadte: estado ANULADO without a seal', res(200, { estado: 'ANULADO' }), 'query', { outcome: 'invalidated', seal: null }],
    [
      'consultadte: a refusal that says the document is invalidated',
      res(200, { estado: 'RECHAZADO', codigoMsg: '014', descripcionMsg: 'EL DOCUMENTO SE ENCUENTRA INVALIDADO' }),
      'query',
      { outcome: 'invalidated', seal: null },
    ],
    [
      'consultadte: refused because the related document is invalidated is a refusal of this one',
      res(200, { estado: 'RECHAZADO', codigoMsg: '014', descripcionMsg: 'EL DOCUMENTO RELACIONADO ESTA INVALIDADO' }),
      'query',
      { outcome: 'rejected', code: '014' },
    ],
    [
      'sending: "already invalidated" stays a refusal (event-judgment.ts reads it)',
      res(200, { estado: 'RECHAZADO', codigoMsg: '014', descripcionMsg: 'EL DOCUMENTO YA FUE INVALIDADO' }),
      'send',
      { outcome: 'rejected', code: '014' },
    ],
    ['sending: an estado INVALIDADO is not understood', res(200, { estado: 'INVALIDADO' }), 'send', { outcome: 'unknown' }],
    ['PROCESADO without a seal is inconclusive', res(200, { estado: 'PROCESADO', selloRecibido: null }), 'send', { outcome: 'unknown' }],
    [
      'rejected, by estado even with HTTP 400',
      res(400, { estado: 'RECHAZADO', codigoMsg: '008', descripcionMsg: '[receptor.nit] VALOR NO VALIDO', observaciones: ['x'] }),
      'send',
      { outcome: 'rejected', code: '008' },
    ],
    [
      'rejected on HTTP 200 too',
      res(200, { estado: 'RECHAZADO', codigoMsg: '096', descripcionMsg: 'FIRMA NO VALIDA' }),
      'send',
      { outcome: 'rejected', code: '096' },
    ],
    [
      'duplicate generation code',
      res(400, {
        estado: 'RECHAZADO',
        codigoMsg: '004',
        descripcionMsg: '[identificacion.codigoGeneracion] YA EXISTE UN REGISTRO CON ESE VALOR',
      }),
      'send',
      { outcome: 'duplicate', on: 'codigoGeneracion' },
    ],
    [
      'duplicate control number',
      res(400, {
        estado: 'RECHAZADO',
        codigoMsg: '004',
        descripcionMsg: '[identificacion.numeroControl] YA EXISTE UN REGISTRO CON ESE VALOR',
      }),
      'send',
      { outcome: 'duplicate', on: 'numeroControl' },
    ],
    [
      'query: MH answers with the refusal it holds, 004 on numeroControl: a refusal, never a duplicate (issue 54)',
      res(200, {
        estado: 'RECHAZADO',
        codigoMsg: '004',
        descripcionMsg: '[identificacion.numeroControl] YA EXISTE UN REGISTRO CON ESE VALOR',
      }),
      'query',
      { outcome: 'rejected', code: '004' },
    ],
    [
      'query: a refused resend of our code ("already exists") says nothing of the first: unclear',
      res(200, {
        estado: 'RECHAZADO',
        codigoMsg: '004',
        descripcionMsg: '[identificacion.codigoGeneracion] YA EXISTE UN REGISTRO CON ESE VALOR',
      }),
      'query',
      { outcome: 'unknown' },
    ],
    [
      'query: not found',
      res(200, { estado: 'RECHAZADO', descripcionMsg: 'NO SE ENCONTRO EL DOCUMENTO' }),
      'query',
      { outcome: 'not_found' },
    ],
    ['query: 404', res(404, {}), 'query', { outcome: 'not_found' }],
    ['send: 404 is not "not found"', res(404, {}), 'send', { outcome: 'unknown' }],
    ['token expired: 401', res(401, {}), 'send', { outcome: 'auth' }],
    [
      'token invalid: code 107 on HTTP 200',
      res(200, { status: 'ERROR', codigo: '107', mensaje: 'ERROR TOKEN INVÁLIDO' }),
      'send',
      { outcome: 'auth' },
    ],
    ['busy: 503', res(503, 'Service Unavailable'), 'send', { outcome: 'retry' }],
    ['busy: 429', res(429, {}), 'send', { outcome: 'retry' }],
    ['server error: 500 with HTML', res(500, '<html>error</html>'), 'send', { outcome: 'unknown' }],
    ['timeout', { kind: 'timeout' }, 'send', { outcome: 'unknown' }],
    ['connection cut after sending', { kind: 'broken', message: 'ECONNRESET' }, 'send', { outcome: 'unknown' }],
    ['offline', { kind: 'unreachable', message: 'ENOTFOUND' }, 'send', { outcome: 'retry' }],
  ])('%s', (_name, exchange, purpose, expected) => {
    expect(classify(exchange, purpose)).toMatchObject(expected);
  });
});
