// The rules of decision 0033 that need no server: plain SMTP only to this machine and only when said so, the hub's
// token always beside its address in the station file, and what a refused STARTTLS means for the queue.
import { describe, expect, it } from 'vitest';
import { validate } from '../../shared/contract';
import { loopbackHost, smtpSettingsInput, stationSmtp } from '../../shared/delivery';
import { classifySmtpError, mustEncrypt } from '../../main/core/delivery/transport';
import { DEMO_STATION } from '../../main/core/station/demo';
import { stationProfile } from '../../main/core/station/profile';

const smtp = { port: 25, secure: false, from: { address: 'facturacion@empresa.com' } };

describe('plain SMTP only to this machine', () => {
  it('loopback is 127.0.0.0/8, ::1 and localhost; nothing else', () => {
    for (const h of ['127.0.0.1', '127.1.2.3', '::1', '[::1]', 'localhost', 'LOCALHOST']) expect(loopbackHost(h), h).toBe(true);
    for (const h of ['smtp.empresa.com', '10.0.0.5', '192.168.1.10', 'localhost.empresa.com', '128.0.0.1', '::2', '1127.0.0.1'])
      expect(loopbackHost(h), h).toBe(false);
  });

  it('allowInsecureLocal for another host is refused naming the field, in Ajustes and in the station file', () => {
    const ajustes = validate(smtpSettingsInput, { ...smtp, host: 'smtp.empresa.com', allowInsecureLocal: true });
    expect(ajustes.ok).toBe(false);
    if (!ajustes.ok) expect(ajustes.errors).toEqual([expect.objectContaining({ path: 'allowInsecureLocal', code: 'NOT_ALLOWED' })]);
    const file = validate(stationProfile, {
      ...DEMO_STATION,
      smtp: { ...smtp, host: '192.168.1.10', allowInsecureLocal: true, from: 'facturacion@empresa.com' },
    });
    expect(file.ok).toBe(false);
    if (!file.ok) expect(file.errors.map((e) => e.path)).toEqual(['smtp.allowInsecureLocal']);
    expect(validate(smtpSettingsInput, { ...smtp, host: '127.0.0.1', allowInsecureLocal: true }).ok).toBe(true);
    expect(validate(stationSmtp, { ...smtp, host: 'localhost', allowInsecureLocal: true, from: 'a@b.com' }).ok).toBe(true);
  });

  it('TLS is required unless the host is this machine and the setting says so', () => {
    expect(mustEncrypt({ host: '127.0.0.1' })).toBe(true);
    expect(mustEncrypt({ host: '127.0.0.1', allowInsecureLocal: false })).toBe(true);
    expect(mustEncrypt({ host: '127.0.0.1', allowInsecureLocal: true })).toBe(false);
    // Settings stored with the flag and a host edited since (never through the API, but a hand-edited database).
    expect(mustEncrypt({ host: 'smtp.empresa.com', allowInsecureLocal: true })).toBe(true);
  });

  it('a server without STARTTLS: the whole queue waits, saying what to do', () => {
    const r = classifySmtpError({ code: 'ETLS', command: 'STARTTLS', response: '502 5.5.1 Error: command not recognized' });
    expect(r).toMatchObject({ outcome: 'retry', server: true });
    if (r.outcome === 'retry') {
      expect(r.reason).toContain('no ofrece cifrado (STARTTLS)');
      expect(r.reason).toContain('puerto 465');
    }
    for (const code of ['DEPTH_ZERO_SELF_SIGNED_CERT', 'ERR_TLS_CERT_ALTNAME_INVALID', 'UNABLE_TO_VERIFY_LEAF_SIGNATURE']) {
      const bad = classifySmtpError({ code, message: 'self-signed certificate' });
      expect(bad.outcome === 'retry' && bad.reason, code).toContain('certificado no es de confianza');
    }
    for (const message of ['self-signed certificate', "Hostname/IP does not match certificate's altnames", 'certificate has expired']) {
      const bad = classifySmtpError({ code: 'ESOCKET', command: 'CONN', message });
      expect(bad.outcome === 'retry' && bad.reason, message).toContain('certificado no es de confianza');
    }
    expect(classifySmtpError({ code: 'ESOCKET', command: 'CONN', message: 'connect ECONNREFUSED' })).toEqual({
      outcome: 'retry',
      reason: 'connect ECONNREFUSED',
      server: true,
    });
    const cert = classifySmtpError({ code: 'ETLS', command: 'STARTTLS', message: 'Error initiating TLS - self-signed certificate' });
    expect(cert).toMatchObject({ outcome: 'retry', server: true });
    if (cert.outcome === 'retry') expect(cert.reason).toContain('certificado');
  });
});

describe("the station file's hub", () => {
  it('a hub without its token is refused naming hub.token and saying why', () => {
    const r = validate(stationProfile, { ...DEMO_STATION, hub: { url: 'https://central.empresa.com' } });
    expect(r.ok).toBe(false);
    if (!r.ok)
      expect(r.errors).toEqual([
        {
          path: 'hub.token',
          code: 'REQUIRED',
          message:
            'Escriba el token de la central junto a su dirección: el token guardado solo se envía a la dirección para la que se escribió.',
        },
      ]);
    const ok = validate(stationProfile, { ...DEMO_STATION, hub: { url: 'https://central.empresa.com', token: ' sello_station_x ' } });
    expect(ok.ok && ok.value.hub).toEqual({ url: 'https://central.empresa.com', token: 'sello_station_x' });
    expect(validate(stationProfile, { ...DEMO_STATION, hub: null }).ok).toBe(true);
  });
});
