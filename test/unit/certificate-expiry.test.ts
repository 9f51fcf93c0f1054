// The certificate's end (shared/certificate-expiry.ts, signing/expiry-alerts.ts): warnings 30 and 7 days before,
// critical the last day and once ended, read from the validity MH writes in the .crt; the clock is injected.
import { describe, expect, it } from 'vitest';
import { certificateExpiry } from '../../shared/certificate-expiry';
import { alertsFor } from '../../main/hub/health';
import { fileFingerprint, generateMhCertificate, keyFingerprint, parseMhCertificate } from '../../main/core/signing/certificate';
import { expiryAlerts } from '../../main/core/signing/expiry-alerts';
import type { CertificateRow } from '../../main/core/signing/certificate-history';
import type { StoredHeartbeat } from '../../main/hub/station-records';
import { fixedClock } from '../support/core';

const DAY = 86_400_000;
const END = new Date('2027-03-15T18:00:00Z'); // 15/03/2027 12:00 in El Salvador
const at = (msBefore: number) => new Date(END.getTime() - msBefore);

describe('certificate expiry thresholds', () => {
  it.each([
    [31 * DAY, null, null],
    [30 * DAY + 1, null, null],
    [30 * DAY, 'warning', 30],
    [8 * DAY, 'warning', 30],
    [7 * DAY, 'warning', 7],
    [2 * DAY, 'warning', 7],
    [DAY, 'critical', 1],
    [1, 'critical', 1],
    [0, 'critical', 0],
    [-40 * DAY, 'critical', 0],
  ])('%d ms before the end: %s (threshold %s)', (before, level, threshold) => {
    const e = certificateExpiry(END, at(before));
    if (level === null) expect(e).toBeNull();
    else expect(e).toMatchObject({ level, threshold });
  });

  it('says the day in El Salvador and the days left, and what to do', () => {
    expect(certificateExpiry(END, at(10 * DAY - 1000))).toMatchObject({
      daysLeft: 10,
      endsOn: '15/03/2027',
      message: 'El certificado de firma de MH vence en 10 días (15/03/2027)',
    });
    expect(certificateExpiry(END, at(3600_000))?.message).toBe('El certificado de firma de MH vence mañana o antes (15/03/2027)');
    expect(certificateExpiry(END, at(-DAY))?.message).toMatch(/^El certificado de firma de MH venció el 15\/03\/2027/);
    expect(certificateExpiry(END, at(-DAY))?.action).toContain('Ajustes');
    // A day ending just after midnight UTC is still the day before in El Salvador.
    expect(certificateExpiry('2027-03-16T03:00:00Z', at(0))?.endsOn).toBe('15/03/2027');
  });

  it('says nothing without an end, or with one that is not a date', () => {
    expect(certificateExpiry(null, END)).toBeNull();
    expect(certificateExpiry(undefined, END)).toBeNull();
    expect(certificateExpiry('mañana', END)).toBeNull();
  });

  it("is the station's certificate_expiring alert, by the injected clock", () => {
    const row: CertificateRow = {
      fingerprint: 'f'.repeat(64),
      nit: '06142803901121',
      notBefore: null,
      notAfter: END.toISOString(),
      importedAt: null,
      importedBy: null,
      replacedAt: null,
    };
    const clock = fixedClock(at(40 * DAY).toISOString());
    expect(expiryAlerts(row, clock)).toEqual([]);
    clock.set(at(29 * DAY).toISOString());
    expect(expiryAlerts(row, clock)).toEqual([expect.objectContaining({ code: 'certificate_expiring', level: 'warning', since: null })]);
    clock.set(at(12 * 3600_000).toISOString());
    expect(expiryAlerts(row, clock)).toEqual([expect.objectContaining({ code: 'certificate_expiring', level: 'critical' })]);
    expect(expiryAlerts(null, clock)).toEqual([]);
  });

  it("is raised on the hub's health by the hub's clock, even for a station that stopped reporting", () => {
    const stored = {
      stationId: 'M001-P001',
      receivedAt: at(40 * DAY),
      auditRewoundAt: null,
      heartbeat: { certificate: { fingerprint: 'f'.repeat(64), notAfter: END.toISOString() } },
    } as unknown as StoredHeartbeat;
    expect(alertsFor(at(40 * DAY), stored, at(40 * DAY)).map((a) => a.code)).not.toContain('CERTIFICATE_EXPIRING');
    const later = alertsFor(at(40 * DAY), stored, at(5 * DAY));
    expect(later.find((a) => a.code === 'CERTIFICATE_EXPIRING')).toMatchObject({ severity: 'warning' });
    const ended = alertsFor(at(40 * DAY), stored, at(-DAY));
    expect(ended.find((a) => a.code === 'CERTIFICATE_EXPIRING')).toMatchObject({ severity: 'critical' });
  });
});

describe("the .crt's validity and fingerprint", () => {
  it('reads notBefore and notAfter from certificado.basicEstructure.validity (epoch seconds)', () => {
    const xml = generateMhCertificate('06142803901121', 'x', { notBefore: new Date('2026-03-15T18:00:00Z'), notAfter: END });
    expect(xml).toContain(`<epochSecond>${END.getTime() / 1000}</epochSecond>`);
    const c = parseMhCertificate(xml, 'x');
    expect(c.notBefore?.toISOString()).toBe('2026-03-15T18:00:00.000Z');
    expect(c.notAfter?.toISOString()).toBe(END.toISOString());
    expect(fileFingerprint(xml)).toBe(keyFingerprint(c.publicKey));
  });

  it('a file without a validity has none; a file without a public key has no fingerprint', () => {
    const c = parseMhCertificate(generateMhCertificate('06142803901121', 'x'), 'x');
    expect(c.notAfter).toBeNull();
    expect(c.notBefore).toBeNull();
    expect(fileFingerprint('<CertificadoMH><nit>1</nit></CertificadoMH>')).toBeNull();
    expect(fileFingerprint('not xml at all <')).toBeNull();
    // Two certificates of the same NIT are told apart.
    expect(fileFingerprint(generateMhCertificate('06142803901121', 'x'))).not.toBe(keyFingerprint(c.publicKey));
  });
});
