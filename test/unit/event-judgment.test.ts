import { describe, expect, it } from 'vitest';
import { classify } from '../../main/core/mh/classify';
import { judgeEventAnswer, type EventJudgmentInput, type EventKind } from '../../main/core/mh/event-judgment';

const SEAL = '20219E9D4DC0292F4681AD759B0B0F5CA99DC23G';
const refused = (codigoMsg: string, descripcionMsg: string, observaciones: string[] = []) =>
  classify({ kind: 'response', status: 400, body: { estado: 'RECHAZADO', codigoMsg, descripcionMsg, selloRecibido: null, observaciones } });
const judge = (kind: EventKind, outcome: EventJudgmentInput['outcome'], earlierSendInDoubt: boolean, earlierSendInTime = true) =>
  judgeEventAnswer({ kind, outcome, earlierSendInDoubt, earlierSendInTime }).verdict;

describe('judging an answer to an event that may already be at MH', () => {
  it.each<[string, EventKind, EventJudgmentInput['outcome'], boolean, boolean, string]>([
    // Sealed now: accepted, whatever came before.
    [
      'sealed',
      'invalidation',
      classify({ kind: 'response', status: 200, body: { estado: 'PROCESADO', selloRecibido: SEAL } }),
      true,
      true,
      'accepted',
    ],
    // The document is invalidated at MH: true whatever event did it.
    ['already invalidated (014)', 'invalidation', refused('014', 'EL DOCUMENTO YA FUE INVALIDADO'), false, true, 'took_effect'],
    ['already annulled, other words', 'invalidation', refused('099', 'DTE YA SE ENCUENTRA ANULADO'), true, true, 'took_effect'],
    // MH holds this event's code but gives no seal: an invalidation cannot be confirmed through MH's API.
    ['duplicate event code', 'invalidation', refused('004', 'YA EXISTE UN REGISTRO CON ESE CODIGO DE GENERACION'), true, true, 'in_doubt'],
    ['code 004 in other words', 'invalidation', refused('004', 'REGISTRO REPETIDO'), false, true, 'in_doubt'],
    // A contingency event MH holds is received: its documents may go.
    [
      'contingency duplicate',
      'contingency',
      refused('004', 'YA EXISTE UN REGISTRO CON ESE CODIGO DE GENERACION'),
      true,
      true,
      'took_effect',
    ],
    ['contingency already received', 'contingency', refused('', 'EL EVENTO YA FUE RECIBIDO'), false, true, 'took_effect'],
    // Not about the event, after a send that may have reached MH: MH's answer to a repeat.
    [
      'document no longer processed, after a lost answer',
      'invalidation',
      refused('012', 'EL DOCUMENTO A INVALIDAR NO EXISTE O NO FUE PROCESADO'),
      true,
      true,
      'in_doubt',
    ],
    ['an unexplained refusal, after a lost answer', 'invalidation', refused('099', 'EVENTO RECHAZADO'), true, true, 'in_doubt'],
    // The same refusals with no earlier doubt: today's behaviour, refused.
    [
      'document not processed, first send',
      'invalidation',
      refused('012', 'EL DOCUMENTO A INVALIDAR NO EXISTE O NO FUE PROCESADO'),
      false,
      true,
      'refused',
    ],
    ['an unexplained refusal, first send', 'invalidation', refused('099', 'EVENTO RECHAZADO'), false, true, 'refused'],
    // On the event's merits: refused even after a lost answer.
    ['schema', 'invalidation', refused('008', 'EVENTO NO CUMPLE EL ESQUEMA', ['/motivo: falta nombreResponsable']), true, true, 'refused'],
    [
      'version',
      'invalidation',
      refused('006', '[identificacion.version] EL DOCUMENTO CCF v3 SE INVALIDA CON EL EVENTO v2'),
      true,
      true,
      'refused',
    ],
    [
      'replacement',
      'invalidation',
      refused('017', '[documento.codigoGeneracionR] LA NOTA DE CREDITO SE INVALIDA SIN DOCUMENTO DE REEMPLAZO'),
      true,
      true,
      'refused',
    ],
    [
      'live notes',
      'invalidation',
      refused('018', 'EL DOCUMENTO TIENE NOTAS VIGENTES QUE DEBEN INVALIDARSE PRIMERO'),
      true,
      true,
      'refused',
    ],
    ['seal mismatch', 'invalidation', refused('013', 'SELLO DE RECEPCION NO COINCIDE'), true, true, 'refused'],
    [
      'a field named in the observations',
      'invalidation',
      refused('098', 'EVENTO RECHAZADO', ['[motivo.motivoAnulacion] (SIMULADOR)']),
      true,
      true,
      'refused',
    ],
    // Late: on the merits only if the lost send was late too.
    [
      'window closed, lost send was in time',
      'invalidation',
      refused('015', 'PLAZO PARA INVALIDAR EL DOCUMENTO VENCIDO'),
      true,
      true,
      'in_doubt',
    ],
    [
      'window closed, lost send was late too',
      'invalidation',
      refused('015', 'PLAZO PARA INVALIDAR EL DOCUMENTO VENCIDO'),
      true,
      false,
      'refused',
    ],
    ['window closed, no lost send', 'invalidation', refused('015', 'PLAZO PARA INVALIDAR EL DOCUMENTO VENCIDO'), false, true, 'refused'],
    // No verdict at all.
    ['timeout', 'invalidation', classify({ kind: 'timeout' }), true, true, 'no_answer'],
    ['unreachable', 'contingency', classify({ kind: 'unreachable', message: 'ECONNREFUSED' }), false, true, 'no_answer'],
    ['expired token', 'invalidation', classify({ kind: 'response', status: 401, body: {} }), true, true, 'no_answer'],
  ])('%s', (_name, kind, outcome, doubt, inTime, expected) => {
    expect(judge(kind, outcome, doubt, inTime)).toBe(expected);
  });

  it('says why, in Spanish, when it cannot know', () => {
    const j = judgeEventAnswer({
      kind: 'invalidation',
      outcome: refused('012', 'NO FUE PROCESADO'),
      earlierSendInDoubt: true,
      earlierSendInTime: true,
    });
    expect(j.verdict).toBe('in_doubt');
    expect(j.verdict === 'in_doubt' && j.reason).toContain('primera respuesta se perdió: NO FUE PROCESADO');
  });
});
