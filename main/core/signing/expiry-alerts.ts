// The certificate's end as a station alert (shared/certificate-expiry.ts), read on every status; a timer pushes
// the status to the screens every hour, so a threshold crossed while nothing else happens still shows.
import { certificateExpiry } from '../../../shared/certificate-expiry';
import type { StationAlert } from '../../../shared/records';
import type { Clock } from '../clock';
import type { Timers, TimerHandle } from '../timers';
import type { CertificateRow } from './certificate-history';

export function expiryAlerts(current: CertificateRow | null, clock: Clock): StationAlert[] {
  const e = certificateExpiry(current?.notAfter, clock.now());
  return e ? [{ code: 'certificate_expiring', level: e.level, message: e.message, action: e.action, since: null }] : [];
}

const HOUR_MS = 3_600_000;

/** Calls `publish` every hour until stopped (publish pushes only when the status changed). */
export function expiryWatch(timers: Timers, publish: () => void): { stop(): void } {
  let handle: TimerHandle | null = null;
  let stopped = false;
  const tick = () => {
    if (stopped) return;
    publish();
    handle = timers.set(tick, HOUR_MS);
  };
  handle = timers.set(tick, HOUR_MS);
  return {
    stop() {
      stopped = true;
      if (handle) timers.clear(handle);
    },
  };
}
