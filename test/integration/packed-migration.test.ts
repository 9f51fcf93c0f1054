// An existing station opens a Sello with migration 021: its documents' texts are packed, the file shrinks, the
// copy taken before the migration keeps the old layout, and every document reads back as it was signed.
import { generateKeyPairSync } from 'node:crypto';
import { statSync } from 'node:fs';
import { join } from 'node:path';
import BetterSqlite3 from 'better-sqlite3';
import { afterEach, describe, expect, it } from 'vitest';
import { createCore } from '../../main/core/create-core';
import { unpackDocument } from '../../main/core/dte/packing/packed-document';
import { signJson } from '../../main/core/signing/jws';
import { backupsDir, listBackups } from '../../main/core/store/backup';
import { migrate } from '../../main/core/store/migrate';
import { MIGRATIONS } from '../../main/core/store/migrations';
import { fcBody } from '../fixtures/bodies';
import { fixedClock, tempDir } from '../support/core';

const cleanups: (() => unknown)[] = [];
afterEach(() => {
  for (const f of cleanups.splice(0).reverse()) f();
});

const COUNT = 1500;
const code = (n: number) => `AB000000-0000-4000-8000-${String(n).padStart(12, '0')}`;

describe('migration 021 on a station that already holds documents', () => {
  it('packs them, gives the space back, and keeps the pre-migration copy', () => {
    // A real document's texts, issued by this version, as the model of the old rows.
    const model = tempDir();
    cleanups.push(model.cleanup);
    const issuer = createCore({ dataDir: model.dir, clock: fixedClock(), backups: { everyMs: 0 }, sync: { manual: true } });
    const made = issuer.dtes.create('FC', { ...fcBody(code(0).toLowerCase()), generatedAt: undefined }, 'test').record;
    const { document } = issuer.dtes.mhDocument(made.id);
    const requestJson = JSON.stringify({ ...fcBody(code(0).toLowerCase()), generatedAt: undefined });
    issuer.close();

    // A station at version 20 with COUNT documents, each with its own JSON, signature and request.
    const t = tempDir();
    cleanups.push(t.cleanup);
    const file = join(t.dir, 'sello.db');
    const old = new BetterSqlite3(file);
    old.pragma('journal_mode = WAL');
    migrate(old, MIGRATIONS.slice(0, 20));
    const key = generateKeyPairSync('rsa', { modulusLength: 2048 }).privateKey;
    const insert = old.prepare(
      `INSERT INTO documents (id, kind, environment, version, status, control_number, company_id, branch_code, pos_number,
       generated_at, issue_date, created_at, updated_at, request_json, request_hash, recipient_name, total, mh_json, jws)
       VALUES (?, 'FC', 'TEST', 1, 'APPROVED', ?, 'c', 'M001', 1, '2026-11-22T10:00:00-06:00', '2026-11-22', ?, '2026-11-22T10:00:00-06:00', ?, ?, 'María', '10.08', ?, ?)`,
    );
    const texts: { id: string; mhJson: string; jws: string; requestJson: string }[] = [];
    old.transaction(() => {
      for (let n = 1; n <= COUNT; n++) {
        const control = `DTE-01-M001P001-${String(n).padStart(15, '0')}`;
        const doc = {
          ...document,
          identificacion: { ...(document.identificacion as object), codigoGeneracion: code(n), numeroControl: control },
        };
        const row = {
          id: code(n).toLowerCase(),
          mhJson: JSON.stringify(doc),
          jws: signJson(doc, key),
          requestJson: requestJson.replace(code(0).toLowerCase(), code(n).toLowerCase()),
        };
        texts.push(row);
        insert.run(
          row.id,
          control,
          `2026-11-22T10:${String(Math.floor(n / 60) % 60).padStart(2, '0')}:${String(n % 60).padStart(2, '0')}-06:00`,
          row.requestJson,
          `h${n}`,
          row.mhJson,
          row.jws,
        );
      }
    })();
    old.pragma('wal_checkpoint(TRUNCATE)');
    old.close();
    const before = statSync(file).size;

    // The station starts with this version.
    const core = createCore({ dataDir: t.dir, clock: fixedClock(), backups: { everyMs: 0 }, sync: { manual: true } });
    cleanups.push(() => core.close());
    const sample = texts[COUNT - 7]!;
    expect(core.dtes.mhDocument(sample.id)).toEqual({ document: JSON.parse(sample.mhJson) as unknown, jws: sample.jws });
    expect(core.dtes.detail(sample.id).body).toEqual(JSON.parse(sample.requestJson));
    expect(core.dtes.list({ limit: 5, q: `M001P001-${String(COUNT - 6).padStart(15, '0')}` }).items.map((d) => d.id)).toEqual([sample.id]);
    core.close();

    const after = statSync(file).size;
    // About 7.5 KB of text per document became about 1.5 KB: the file is well under half of what it was.
    expect(after).toBeLessThan(before / 2);
    const db = new BetterSqlite3(file, { readonly: true });
    const rows = db.prepare('SELECT id, packed FROM documents ORDER BY id').all() as { id: string; packed: Buffer }[];
    db.close();
    expect(rows.map((r) => ({ id: r.id, ...unpackDocument(r.packed) }))).toEqual(texts.sort((a, b) => a.id.localeCompare(b.id)));

    // The copy from before the migration still has the old columns, with every document in them.
    const copy = listBackups(backupsDir(t.dir)).find((b) => b.reason === 'migration');
    expect(copy?.file).toMatch(/-migration-v20\.db$/);
    const kept = new BetterSqlite3(copy!.file, { readonly: true });
    expect(kept.pragma('user_version', { simple: true })).toBe(20);
    expect(kept.prepare('SELECT count(*) AS n FROM documents WHERE mh_json IS NOT NULL AND jws IS NOT NULL').get()).toEqual({ n: COUNT });
    kept.close();
  });
});
