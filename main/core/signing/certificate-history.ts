// The one owner of the `certificates` table (migration 026): every MH certificate the station signed with, the
// current one (not replaced) and those a renewal replaced, kept for history (docs/decisions/0027-certificate-life-cycle.md).
import type { Store } from '../store/database';

export interface CertificateRow {
  readonly fingerprint: string;
  readonly nit: string;
  /** ISO instants (UTC), null when the file had no validity. */
  readonly notBefore: string | null;
  readonly notAfter: string | null;
  /** Null for the certificate stored before the history was kept. */
  readonly importedAt: string | null;
  readonly importedBy: string | null;
  /** Null for the one signing now. */
  readonly replacedAt: string | null;
}

interface Raw {
  fingerprint: string;
  nit: string;
  not_before: string | null;
  not_after: string | null;
  imported_at: string | null;
  imported_by: string | null;
  replaced_at: string | null;
}

const rowOf = (r: Raw): CertificateRow => ({
  fingerprint: r.fingerprint,
  nit: r.nit,
  notBefore: r.not_before,
  notAfter: r.not_after,
  importedAt: r.imported_at,
  importedBy: r.imported_by,
  replacedAt: r.replaced_at,
});

export interface NewCertificate {
  readonly fingerprint: string;
  readonly nit: string;
  readonly publicKey: string;
  readonly privateKeySealed: string;
  readonly notBefore: Date | null;
  readonly notAfter: Date | null;
}

export function certificateHistory(store: Store) {
  const current = (): CertificateRow | null => {
    const r = store.statement(`SELECT * FROM certificates WHERE replaced_at IS NULL`).get() as Raw | undefined;
    return r ? rowOf(r) : null;
  };
  return {
    current,
    /** Every certificate, the current one first, then the replaced ones, latest first. */
    list(): CertificateRow[] {
      const rows = store
        .statement(`SELECT * FROM certificates ORDER BY replaced_at IS NOT NULL, replaced_at DESC, imported_at DESC`)
        .all() as Raw[];
      return rows.map(rowOf);
    },
    /**
     * Makes `c` the current certificate; the one before is marked replaced at `at`. Re-importing one already known
     * makes it current again (its key sealed anew). Returns the fingerprint it replaced, null when none or the same.
     */
    makeCurrent(c: NewCertificate, at: string, by: string): string | null {
      return store.tx(() => {
        const before = current();
        if (before && before.fingerprint !== c.fingerprint)
          store.statement(`UPDATE certificates SET replaced_at = ? WHERE fingerprint = ?`).run(at, before.fingerprint);
        store
          .statement(
            `INSERT INTO certificates (fingerprint, nit, public_key, private_key_sealed, not_before, not_after, imported_at, imported_by, replaced_at)
             VALUES (?, ?, ?, ?, ?, ?, ?, ?, NULL)
             ON CONFLICT (fingerprint) DO UPDATE SET private_key_sealed = excluded.private_key_sealed,
               not_before = excluded.not_before, not_after = excluded.not_after, imported_at = excluded.imported_at,
               imported_by = excluded.imported_by, replaced_at = NULL`,
          )
          .run(
            c.fingerprint,
            c.nit,
            c.publicKey,
            c.privateKeySealed,
            c.notBefore?.toISOString() ?? null,
            c.notAfter?.toISOString() ?? null,
            at,
            by,
          );
        return before && before.fingerprint !== c.fingerprint ? before.fingerprint : null;
      });
    },
  };
}
export type CertificateHistory = ReturnType<typeof certificateHistory>;
