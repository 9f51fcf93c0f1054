import { createHash } from 'node:crypto';
import type { Migration } from './types';

/**
 * Every MH certificate the station signed with (docs/decisions/0027-certificate-life-cycle.md): a renewed one
 * becomes the signing certificate and the one before stays here, replaced, never deleted. The signing key itself
 * stays in `settings` (signing/signing-key.ts); the certificate stored there before this migration becomes the
 * current row, with no import date (it was not recorded) and no validity (the old import did not read it).
 */
export const m026Certificates: Migration = {
  version: 26,
  name: 'certificates',
  up(db) {
    db.exec(`
      CREATE TABLE certificates (
        fingerprint TEXT PRIMARY KEY,
        nit TEXT NOT NULL,
        public_key TEXT NOT NULL,
        private_key_sealed TEXT NOT NULL,
        not_before TEXT,
        not_after TEXT,
        imported_at TEXT,
        imported_by TEXT,
        replaced_at TEXT
      );
      CREATE UNIQUE INDEX certificates_one_current ON certificates (replaced_at IS NULL) WHERE replaced_at IS NULL;
    `);
    const setting = (key: string) =>
      (db.prepare('SELECT value FROM settings WHERE key = ?').get(key) as { value: string } | undefined)?.value ?? null;
    const pub = setting('signing.publicKey');
    const sealed = setting('signing.privateKey');
    if (!pub || !sealed) return;
    const fingerprint = createHash('sha256').update(Buffer.from(pub, 'base64')).digest('hex');
    db.prepare(`INSERT INTO certificates (fingerprint, nit, public_key, private_key_sealed) VALUES (?, ?, ?, ?)`).run(
      fingerprint,
      setting('signing.nit') ?? '',
      pub,
      sealed,
    );
  },
};
