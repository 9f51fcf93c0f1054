// The pure parts of e-mail delivery (docs/decisions/0010-email-delivery.md): what an SMTP answer means for the
// queue, the station file's sender, the message's words, and the fixed Message-ID.
import { describe, expect, it } from 'vitest';
import { validate } from '../../shared/contract';
import { parseFrom, smtpSettingsInput, stationSmtp } from '../../shared/delivery';
import type { DteRecord } from '../../shared/records';
import { composeMessage, messageIdFor } from '../../main/core/delivery/message';
import { classifySmtpError } from '../../main/core/delivery/transport';
import { stationProfile } from '../../main/core/station/profile';
import { DEMO_STATION } from '../../main/core/station/demo';

describe('SMTP answers', () => {
  it('5xx about the message or its recipient is final; 4xx is later; the rest is the server', () => {
    expect(classifySmtpError({ code: 'EENVELOPE', responseCode: 550, command: 'RCPT TO', response: '550 5.1.1 User unknown' })).toEqual({
      outcome: 'refused',
      reason: '550 5.1.1 User unknown',
    });
    expect(classifySmtpError({ code: 'EMESSAGE', responseCode: 554, command: 'DATA', response: '554 spam' }).outcome).toBe('refused');
    expect(classifySmtpError({ code: 'EENVELOPE', responseCode: 451, command: 'RCPT TO', response: '451 later' })).toMatchObject({
      outcome: 'retry',
      server: false,
    });
    // A refused sender or login is the settings', not this message's: the queue waits, nothing fails.
    expect(classifySmtpError({ code: 'EENVELOPE', responseCode: 550, command: 'MAIL FROM', response: '550 relay denied' })).toMatchObject({
      outcome: 'retry',
      server: true,
    });
    expect(classifySmtpError({ code: 'EAUTH', responseCode: 535, command: 'AUTH PLAIN', response: '535 bad' })).toMatchObject({
      outcome: 'retry',
      server: true,
    });
    expect(classifySmtpError({ code: 'ESOCKET', message: 'connect ECONNREFUSED 127.0.0.1:25' })).toMatchObject({
      outcome: 'retry',
      server: true,
      reason: 'connect ECONNREFUSED 127.0.0.1:25',
    });
    expect(classifySmtpError('odd')).toMatchObject({ outcome: 'retry', server: true });
  });
});

describe('SMTP settings', () => {
  it('the station file writes the sender as an address or "Name <address>"; a bad one names smtp.from', () => {
    expect(parseFrom('Facturación <facturacion@empresa.com>')).toEqual({ name: 'Facturación', address: 'facturacion@empresa.com' });
    expect(parseFrom('facturacion@empresa.com')).toEqual({ name: null, address: 'facturacion@empresa.com' });
    expect(
      validate(stationSmtp, { host: 'smtp.empresa.com', port: 587, secure: false, from: 'Facturación <facturacion@empresa.com>' }).ok,
    ).toBe(true);
    const bad = validate(stationProfile, {
      ...DEMO_STATION,
      smtp: { host: 'smtp.empresa.com', port: 587, secure: false, from: 'no es correo' },
    });
    expect(bad.ok).toBe(false);
    if (!bad.ok) expect(bad.errors.map((e) => e.path)).toContain('smtp.from');
  });

  it('Ajustes names each field it refuses', () => {
    const r = validate(smtpSettingsInput, { host: 'https://smtp.x', port: 70_000, secure: 'sí', from: { address: 'x' } });
    expect(r.ok).toBe(false);
    if (!r.ok) expect(r.errors.map((e) => e.path).sort()).toEqual(['from.address', 'host', 'port', 'secure']);
  });
});

describe('the message', () => {
  const record = {
    id: '5e0d0000-0000-4000-8000-000000000001',
    type: 'CCF',
    controlNumber: 'DTE-03-M001P001-000000000000007',
    total: '1234.5',
  } as DteRecord;
  const facts = {
    deliveryId: 'd1',
    messageId: '<d1@x>',
    email: 'a@b.example',
    record,
    companyName: 'Ferretería <El Tornillo>, S.A.',
    commercialName: 'El Tornillo',
    ambiente: '00',
    fecEmi: '2026-11-22',
    horEmi: '09:30:00',
    seal: 'SEAL123',
    invalidationSeal: null,
    demo: false,
    now: new Date('2026-11-22T15:30:00Z'),
    pdf: Buffer.from('%PDF'),
    json: Buffer.from('{}'),
  };

  it('says what the document is, in both parts, escaped in HTML, with the two attachments and no images', () => {
    const m = composeMessage({ ...facts, message: 'document' });
    expect(m.subject).toBe('Comprobante de crédito fiscal DTE-03-M001P001-000000000000007 de Ferretería <El Tornillo>, S.A.');
    for (const part of [m.text, m.html]) {
      expect(part).toContain('DTE-03-M001P001-000000000000007');
      expect(part).toContain('5E0D0000-0000-4000-8000-000000000001');
      expect(part).toContain('$1,234.50');
      expect(part).toContain('22/11/2026 09:30:00');
      expect(part).toContain('SEAL123');
      expect(part).toContain('consultaPublica');
    }
    expect(m.html).toContain('Ferretería &lt;El Tornillo&gt;');
    expect(m.html).not.toMatch(/<img|<script/i);
    expect(m.attachments.map((a) => a.filename)).toEqual([
      '5E0D0000-0000-4000-8000-000000000001.pdf',
      '5E0D0000-0000-4000-8000-000000000001.json',
    ]);
    expect(m.headers['Auto-Submitted']).toBe('auto-generated');
  });

  it('the invalidation notice carries no attachment', () => {
    const m = composeMessage({ ...facts, message: 'invalidation', pdf: null, json: null });
    expect(m.subject).toMatch(/^Documento invalidado: /);
    expect(m.text).toContain('aceptó la invalidación');
    expect(m.attachments).toEqual([]);
  });

  it('Message-ID: the delivery and the station, the same every time', () => {
    const station = { nit: '06142803901121', mhCode: 'M001', posNumber: 1 };
    expect(messageIdFor('abc', station)).toBe('<abc@06142803901121.m001-p001.sello.invalid>');
    expect(messageIdFor('abc', station)).toBe(messageIdFor('abc', station));
  });
});
