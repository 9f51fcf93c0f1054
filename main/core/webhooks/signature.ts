// The signature a receiver checks (docs/api.md, "Webhooks for the POS"): HMAC-SHA256 over "t.body" with the endpoint's secret,
// so a captured request cannot be replayed later (t) nor its body changed.
import { createHmac } from 'node:crypto';

/** `t=<unix seconds>,v1=<hex HMAC-SHA256 of "t.body">`, the X-Sello-Signature header. */
export function signatureHeader(secret: string, unixSeconds: number, body: string): string {
  const v1 = createHmac('sha256', secret).update(`${unixSeconds}.${body}`, 'utf8').digest('hex');
  return `t=${unixSeconds},v1=${v1}`;
}
