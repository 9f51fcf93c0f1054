import { createHash, generateKeyPairSync } from 'node:crypto';
import BetterSqlite3 from 'better-sqlite3';
import { describe, expect, it } from 'vitest';
import { migrate, MigrationError } from '../../main/core/store/migrate';
import { MIGRATIONS, type Migration } from '../../main/core/store/migrations';
import { m001Initial } from '../../main/core/store/migrations/001-initial';
import { m002OutboxDependencies } from '../../main/core/store/migrations/002-outbox-dependencies';
import { m003Events } from '../../main/core/store/migrations/003-events';
import { m004Receivers } from '../../main/core/store/migrations/004-receivers';
import { m005SearchText } from '../../main/core/store/migrations/005-search-text';
import { m006AuditChain } from '../../main/core/store/migrations/006-audit-chain';
import { unpackDocument } from '../../main/core/dte/packing/packed-document';
import { signJson } from '../../main/core/signing/jws';
import { GENESIS_HASH, auditHash, verifyChain, type ChainRow } from '../../main/core/audit-chain';

const tables = (db: BetterSqlite3.Database) =>
  (
    db.prepare("SELECT name FROM sqlite_master WHERE type = 'table' AND name NOT LIKE 'sqlite_%' ORDER BY name").all() as { name: string }[]
  ).map((r) => r.name);

describe('migration runner', () => {
  it('applies every migration once, in order, and records user_version', () => {
    const db = new BetterSqlite3(':memory:');
    expect(migrate(db, MIGRATIONS)).toEqual({ from: 0, to: MIGRATIONS.length });
    expect(db.pragma('user_version', { simple: true })).toBe(MIGRATIONS.length);
    expect(migrate(db, MIGRATIONS)).toEqual({ from: MIGRATIONS.length, to: MIGRATIONS.length });
  });

  it('rolls a failing migration back whole, leaving the previous version', () => {
    const db = new BetterSqlite3(':memory:');
    const broken: Migration = {
      version: 2,
      name: 'broken',
      up(d) {
        d.exec('CREATE TABLE half_done (x INTEGER)');
        throw new Error('boom');
      },
    };
    expect(() => migrate(db, [m001Initial, broken])).toThrow('boom');
    expect(db.pragma('user_version', { simple: true })).toBe(1);
    expect(tables(db)).not.toContain('half_done');
  });

  it('refuses a database newer than the code', () => {
    const db = new BetterSqlite3(':memory:');
    db.pragma('user_version = 99');
    expect(() => migrate(db, MIGRATIONS)).toThrow(MigrationError);
  });

  it('refuses migrations whose versions are not 1..n', () => {
    const db = new BetterSqlite3(':memory:');
    expect(() => migrate(db, [{ ...m001Initial, version: 2 }])).toThrow(/expected 1/);
  });
});

describe('001 initial', () => {
  it('creates the tables, and the audit log refuses updates and deletes', () => {
    const db = new BetterSqlite3(':memory:');
    migrate(db, [m001Initial]);
    expect(tables(db)).toEqual(['api_keys', 'audit_log', 'control_sequences', 'documents', 'outbox', 'settings']);
    db.prepare("INSERT INTO audit_log (at, actor, action) VALUES ('t', 'a', 'x')").run();
    expect(() => db.prepare("UPDATE audit_log SET actor = 'b'").run()).toThrow(/append-only/);
    expect(() => db.prepare('DELETE FROM audit_log').run()).toThrow(/append-only/);
  });

  it('rejects a status outside the status model and a duplicate control number', () => {
    const db = new BetterSqlite3(':memory:');
    migrate(db, [m001Initial]);
    const insert = db.prepare(`INSERT INTO documents (id, kind, environment, version, status, control_number, company_id, branch_code,
      pos_number, generated_at, issue_date, created_at, updated_at, request_json, request_hash)
      VALUES (?, 'FC', 'TEST', 1, ?, ?, 'c', 'M001', 1, 'g', '2026-11-22', 'c', 'u', '{}', 'h')`);
    insert.run('a', 'CREATED', 'DTE-01-M001P001-000000000000001');
    expect(() => insert.run('b', 'SENT', 'DTE-01-M001P001-000000000000002')).toThrow(/CHECK/);
    expect(() => insert.run('c', 'CREATED', 'DTE-01-M001P001-000000000000001')).toThrow(/UNIQUE/);
  });
});

describe('002 outbox dependencies', () => {
  it('adds depends_on to existing outbox rows, null for them', () => {
    const db = new BetterSqlite3(':memory:');
    migrate(db, [m001Initial]);
    db.prepare(
      `INSERT INTO documents (id, kind, environment, version, status, control_number, company_id, branch_code,
      pos_number, generated_at, issue_date, created_at, updated_at, request_json, request_hash)
      VALUES ('a', 'FC', 'TEST', 1, 'CREATED', 'DTE-01-M001P001-000000000000001', 'c', 'M001', 1, 'g', '2026-11-22', 'c', 'u', '{}', 'h')`,
    ).run();
    db.prepare(
      "INSERT INTO outbox (document_id, topic, state, next_attempt_at, created_at) VALUES ('a', 'dte', 'pending', 'n', 'c')",
    ).run();
    migrate(db, [m001Initial, m002OutboxDependencies]);
    expect(db.prepare('SELECT depends_on FROM outbox').get()).toEqual({ depends_on: null });
    expect(db.pragma('user_version', { simple: true })).toBe(2);
  });
});

describe('003 events', () => {
  it('adds the event tables; one live invalidation per document and one open contingency at a time', () => {
    const db = new BetterSqlite3(':memory:');
    migrate(db, [m001Initial, m002OutboxDependencies, m003Events]);
    expect(tables(db)).toEqual(expect.arrayContaining(['invalidations', 'contingency_events', 'lotes']));
    db.prepare(
      `INSERT INTO documents (id, kind, environment, version, status, control_number, company_id, branch_code,
      pos_number, generated_at, issue_date, created_at, updated_at, request_json, request_hash)
      VALUES ('a', 'FC', 'TEST', 1, 'APPROVED', 'DTE-01-M001P001-000000000000001', 'c', 'M001', 1, 'g', '2026-11-22', 'c', 'u', '{}', 'h')`,
    ).run();
    const inv =
      db.prepare(`INSERT INTO invalidations (id, dte_id, kind, environment, company_id, version, status, mh_json, jws, generated_at, created_at, updated_at)
      VALUES (?, 'a', 'FC', 'TEST', 'c', 2, ?, '{}', 'j', 'g', 'c', 'u')`);
    inv.run('e1', 'REJECTED');
    inv.run('e2', 'PENDING');
    expect(() => inv.run('e3', 'APPROVED')).toThrow(/UNIQUE/);
    const ev = db.prepare(
      "INSERT INTO contingency_events (id, type, started_at, status, created_at, updated_at) VALUES (?, 1, 's', ?, 'c', 'u')",
    );
    ev.run('c1', 'open');
    ev.run('c2', 'done');
    expect(() => ev.run('c3', 'open')).toThrow(/UNIQUE/);
    expect(db.prepare('SELECT sealed_at, contingency_id FROM documents').get()).toEqual({ sealed_at: null, contingency_id: null });
  });
});

describe('004 receivers', () => {
  it('fills the address book from issued documents: latest data per identification, NC and ND in the CCF book', () => {
    const db = new BetterSqlite3(':memory:');
    migrate(db, [m001Initial, m002OutboxDependencies, m003Events]);
    const doc = db.prepare(`INSERT INTO documents (id, kind, environment, version, status, control_number, company_id, branch_code,
      pos_number, generated_at, issue_date, created_at, updated_at, request_json, request_hash)
      VALUES (?, ?, 'TEST', 1, 'APPROVED', ?, 'c', 'M001', 1, 'g', '2026-11-22', ?, 'u', ?, 'h')`);
    const r = (name: string, number?: string) =>
      JSON.stringify({ recipient: { name, ...(number ? { identificationDocument: { type: 'NIT', number } } : {}) } });
    doc.run('a', 'CCF', 'DTE-03-M001P001-000000000000001', '2026-11-01T08:00:00', r('Ferretería Vieja', '06140101001011'));
    doc.run('b', 'NC', 'DTE-05-M001P001-000000000000001', '2026-11-02T08:00:00', r('Ferretería Nueva', '06140101001011'));
    doc.run('c', 'FC', 'DTE-01-M001P001-000000000000001', '2026-11-03T08:00:00', r('María López'));
    doc.run('d', 'FC', 'DTE-01-M001P001-000000000000002', '2026-11-04T08:00:00', '{"items":[]}');
    migrate(db, [m001Initial, m002OutboxDependencies, m003Events, m004Receivers]);
    const rows = db.prepare('SELECT book, key, name, uses, last_used_at FROM receivers ORDER BY book').all();
    expect(rows).toEqual([
      { book: 'CCF', key: '06140101001011', name: 'Ferretería Nueva', uses: 2, last_used_at: '2026-11-02T08:00:00' },
      { book: 'FC', key: 'maría lópez', name: 'María López', uses: 1, last_used_at: '2026-11-03T08:00:00' },
    ]);
    expect(() => db.prepare("INSERT INTO receivers VALUES ('XX', 'k', 'n', null, '{}', 't', 1)").run()).toThrow(/CHECK/);
  });
});

describe('005 search text', () => {
  it('folds case and accents of existing recipient names, in documents and in the address book', () => {
    const db = new BetterSqlite3(':memory:');
    migrate(db, [m001Initial, m002OutboxDependencies, m003Events, m004Receivers]);
    db.prepare(
      `INSERT INTO documents (id, kind, environment, version, status, control_number, company_id, branch_code,
      pos_number, generated_at, issue_date, created_at, updated_at, request_json, request_hash, recipient_name)
      VALUES (?, 'FC', 'TEST', 1, 'APPROVED', ?, 'c', 'M001', 1, 'g', '2026-11-22', 'c', 'u', ?, 'h', ?)`,
    ).run('a', 'DTE-01-M001P001-000000000000001', JSON.stringify({ recipient: { name: 'MARÍA PEÑA' } }), 'MARÍA PEÑA');
    db.prepare(
      `INSERT INTO documents (id, kind, environment, version, status, control_number, company_id, branch_code,
      pos_number, generated_at, issue_date, created_at, updated_at, request_json, request_hash)
      VALUES ('b', 'FC', 'TEST', 1, 'APPROVED', 'DTE-01-M001P001-000000000000002', 'c', 'M001', 1, 'g', '2026-11-22', 'c', 'u', '{}', 'h')`,
    ).run();
    db.prepare("INSERT INTO receivers VALUES ('FC', 'k', 'Ñandú Gómez', null, '{}', 't', 1)").run();
    migrate(db, [m001Initial, m002OutboxDependencies, m003Events, m004Receivers, m005SearchText]);
    expect(db.prepare('SELECT id, recipient_fold FROM documents ORDER BY id').all()).toEqual([
      { id: 'a', recipient_fold: 'maria pena' },
      { id: 'b', recipient_fold: null },
    ]);
    expect(db.prepare('SELECT name_fold FROM receivers').get()).toEqual({ name_fold: 'nandu gomez' });
  });
});

describe('006 audit chain', () => {
  it('chains the existing entries in order, keeps the log append-only, and the chain verifies', () => {
    const db = new BetterSqlite3(':memory:');
    migrate(db, [m001Initial, m002OutboxDependencies, m003Events, m004Receivers, m005SearchText]);
    const insert = db.prepare('INSERT INTO audit_log (at, actor, action, subject, detail) VALUES (?, ?, ?, ?, ?)');
    insert.run('2026-11-01T08:00:00-06:00', 'system', 'station.configured', 'c', '{"environment":"TEST"}');
    insert.run('2026-11-01T08:01:00-06:00', 'ui', 'dte.issued', 'a', null);
    insert.run('2026-11-01T08:02:00-06:00', 'sync', 'dte.approved', 'a', '{"seal":"X"}');
    migrate(db, [m001Initial, m002OutboxDependencies, m003Events, m004Receivers, m005SearchText, m006AuditChain]);
    const rows = db
      .prepare('SELECT seq, at, actor, action, subject, detail, prev_hash, hash FROM audit_log ORDER BY seq')
      .all() as ChainRow[];
    expect(rows[0]!.prev_hash).toBe(GENESIS_HASH);
    expect(rows[1]!.prev_hash).toBe(rows[0]!.hash);
    expect(rows[2]!.hash).toBe(auditHash(rows[1]!.hash, rows[2]!));
    expect(verifyChain(rows)).toMatchObject({ ok: true, entries: 3, head: rows[2]!.hash });
    expect(() => db.prepare("UPDATE audit_log SET actor = 'x' WHERE seq = 1").run()).toThrow(/append-only/);
    expect(() => db.prepare('DELETE FROM audit_log WHERE seq = 1').run()).toThrow(/append-only/);
  });
});

describe('007 search index', () => {
  it('indexes existing documents and new ones, folding case and accents, by document id', () => {
    const db = new BetterSqlite3(':memory:');
    const insert = (id: string, n: number, name: string | null, fold: string | null) =>
      db
        .prepare(
          `INSERT INTO documents (id, kind, environment, version, status, control_number, company_id, branch_code,
        pos_number, generated_at, issue_date, created_at, updated_at, request_json, request_hash, recipient_name, recipient_fold)
        VALUES (?, 'FC', 'TEST', 1, 'APPROVED', ?, 'c', 'M001', 1, 'g', '2026-11-22', ?, 'u', '{}', 'h', ?, ?)`,
        )
        .run(id, `DTE-01-M001P001-${String(n).padStart(15, '0')}`, `2026-11-22T08:0${n}:00`, name, fold);
    migrate(db, MIGRATIONS.slice(0, 6));
    insert('a1', 1, 'MARÍA PEÑA', 'maria pena');
    insert('b2', 2, null, null);
    migrate(db, MIGRATIONS.slice(0, 7));
    insert('c3', 3, 'Ñandú Gómez S.A.', 'nandu gomez s.a.');
    const find = (q: string) =>
      (
        db.prepare('SELECT doc_id FROM documents_search WHERE documents_search MATCH ? ORDER BY doc_id').all(`"${q}"`) as {
          doc_id: string;
        }[]
      ).map((r) => r.doc_id);
    expect(find('maría')).toEqual(['a1']);
    expect(find('PENA')).toEqual(['a1']);
    expect(find('ñandu')).toEqual(['c3']);
    expect(find('000000000000002')).toEqual(['b2']);
    expect(find('M001P001')).toEqual(['a1', 'b2', 'c3']);
    expect(find('nadie')).toEqual([]);
  });
});

describe('008 sync doubt', () => {
  it('links documents in flight to their submitted lote and adds the event retry columns', () => {
    const db = new BetterSqlite3(':memory:');
    // Rows of other tables the lotes and outbox point at are beside the point here.
    db.pragma('foreign_keys = OFF');
    migrate(db, MIGRATIONS.slice(0, 7));
    db.prepare(
      "INSERT INTO lotes (id, contingency_id, codigo_lote, status, document_ids, mh_response, submitted_at, updated_at) VALUES ('L1', 'e1', 'C1', 'submitted', '[\"d1\",\"d2\"]', null, 's', 'u')",
    ).run();
    db.prepare(
      "INSERT INTO lotes (id, contingency_id, codigo_lote, status, document_ids, mh_response, submitted_at, updated_at) VALUES ('L0', 'e1', 'C0', 'done', '[\"d3\"]', null, 's', 'u')",
    ).run();
    const outbox = db.prepare(
      "INSERT INTO outbox (document_id, topic, state, attempts, next_attempt_at, lease_until, last_error, created_at, depends_on) VALUES (?, 'dte', ?, 0, 'n', null, null, 'c', null)",
    );
    outbox.run('d1', 'sending');
    outbox.run('d2', 'sending');
    outbox.run('d3', 'done');
    outbox.run('d4', 'sending');
    migrate(db, MIGRATIONS.slice(0, 8));
    const rows = db.prepare('SELECT document_id, lote_id FROM outbox ORDER BY document_id').all();
    expect(rows).toEqual([
      { document_id: 'd1', lote_id: 'L1' },
      { document_id: 'd2', lote_id: 'L1' },
      { document_id: 'd3', lote_id: null },
      { document_id: 'd4', lote_id: null },
    ]);
    const cols = (db.prepare('PRAGMA table_info(contingency_events)').all() as { name: string; dflt_value: string | null }[]).filter(
      (c) => c.name === 'attempts' || c.name === 'next_attempt_at',
    );
    expect(cols.map((c) => [c.name, c.dflt_value])).toEqual([
      ['attempts', '0'],
      ['next_attempt_at', null],
    ]);
    // The lotes kept their rows and take the new statuses; anything else is still refused.
    expect(db.prepare('SELECT id, status FROM lotes ORDER BY id').all()).toEqual([
      { id: 'L0', status: 'done' },
      { id: 'L1', status: 'submitted' },
    ]);
    for (const status of ['sending', 'failed', 'lost']) db.prepare("UPDATE lotes SET status = ? WHERE id = 'L0'").run(status);
    expect(() => db.prepare("UPDATE lotes SET status = 'nope' WHERE id = 'L0'").run()).toThrow(/CHECK/);
  });
});

describe('009 id as sent', () => {
  it('adds id_as_sent, null for existing documents, and refuses one that is not the key in another case', () => {
    const db = new BetterSqlite3(':memory:');
    db.pragma('foreign_keys = OFF');
    migrate(db, MIGRATIONS.slice(0, 8));
    const cols = (db.prepare('PRAGMA table_info(documents)').all() as { name: string }[]).map((c) => c.name);
    expect(cols).not.toContain('id_as_sent');
    const insert = db.prepare(
      "INSERT INTO documents (id, kind, environment, version, status, control_number, company_id, branch_code, pos_number, generated_at, issue_date, created_at, updated_at, request_json, request_hash) VALUES (?, 'FC', 'TEST', 1, 'CREATED', ?, 'c', 'M001', 1, 'g', '2026-11-22', 'c', 'u', '{}', 'h')",
    );
    insert.run('0b1e0000-0000-4000-8000-00000000000a', 'DTE-01-M001P001-000000000000001');
    migrate(db, MIGRATIONS.slice(0, 9));
    expect(db.prepare('SELECT id_as_sent FROM documents').get()).toEqual({ id_as_sent: null });
    db.prepare("UPDATE documents SET id_as_sent = '0B1E0000-0000-4000-8000-00000000000A'").run();
    expect(() => db.prepare("UPDATE documents SET id_as_sent = '0B1E0000-0000-4000-8000-00000000000B'").run()).toThrow(/CHECK/);
  });
});

describe('010 users', () => {
  it('adds the users table: lower-case logins, three roles, password or PIN, nobody without a hash', () => {
    const db = new BetterSqlite3(':memory:');
    migrate(db, MIGRATIONS.slice(0, 9));
    expect(tables(db)).not.toContain('users');
    migrate(db, MIGRATIONS.slice(0, 10));
    const insert = db.prepare(
      "INSERT INTO users (login, name, role, secret_hash, credential, created_at, updated_at) VALUES (?, 'Ana', ?, ?, ?, 'c', 'u')",
    );
    insert.run('ana', 'ADMIN', 'scrypt$…', 'password');
    expect(db.prepare('SELECT active FROM users').get()).toEqual({ active: 1 });
    expect(() => insert.run('Beto', 'ADMIN', 'h', 'password')).toThrow(/CHECK/);
    expect(() => insert.run('beto', 'BOSS', 'h', 'password')).toThrow(/CHECK/);
    expect(() => insert.run('beto', 'CASHIER', 'h', 'fingerprint')).toThrow(/CHECK/);
    expect(() => insert.run('beto', 'CASHIER', null, 'pin')).toThrow(/NOT NULL/);
    expect(() => insert.run('ana', 'CASHIER', 'h', 'pin')).toThrow(/UNIQUE|PRIMARY/);
  });
});

describe('011 issued by', () => {
  it('adds who issued a document, empty for the documents from before', () => {
    const db = new BetterSqlite3(':memory:');
    db.pragma('foreign_keys = OFF');
    migrate(db, MIGRATIONS.slice(0, 10));
    db.prepare(
      "INSERT INTO documents (id, kind, environment, version, status, control_number, company_id, branch_code, pos_number, generated_at, issue_date, created_at, updated_at, request_json, request_hash) VALUES ('0b1e0000-0000-4000-8000-00000000000a', 'FC', 'TEST', 1, 'CREATED', 'DTE-01-M001P001-000000000000001', 'c', 'M001', 1, 'g', '2026-11-22', 'c', 'u', '{}', 'h')",
    ).run();
    migrate(db, MIGRATIONS.slice(0, 11));
    expect(db.prepare('SELECT issued_by, issued_by_name FROM documents').get()).toEqual({ issued_by: null, issued_by_name: null });
  });
});

describe('012 products', () => {
  it('adds the catalog: codes unique in any case, known item and sale types, barcodes unique across products', () => {
    const db = new BetterSqlite3(':memory:');
    db.pragma('foreign_keys = ON');
    migrate(db, MIGRATIONS.slice(0, 11));
    expect(tables(db)).not.toContain('products');
    migrate(db, MIGRATIONS.slice(0, 12));
    expect(db.pragma('user_version', { simple: true })).toBe(12);
    const insert = db.prepare(
      "INSERT INTO products (id, code, code_key, description, search_fold, unit_measure, item_type, sale_type, shelf_price, net_price, created_at, updated_at) VALUES (?, ?, lower(?), 'Café', 'cafe', 'LIBRA', ?, ?, '4.99', '4.4159292', 'c', 'u')",
    );
    insert.run('p1', 'CAF-1', 'CAF-1', 'BIENES', 'GRAVADA');
    expect(db.prepare('SELECT active FROM products').get()).toEqual({ active: 1 });
    expect(() => insert.run('p2', 'caf-1', 'caf-1', 'BIENES', 'GRAVADA')).toThrow(/UNIQUE/);
    expect(() => insert.run('p2', 'X', 'X', 'OTROS', 'GRAVADA')).toThrow(/CHECK/);
    expect(() => insert.run('p2', 'X', 'X', 'BIENES', 'GRAVADO')).toThrow(/CHECK/);
    expect(() => insert.run('p2', 'X'.repeat(26), 'Y', 'BIENES', 'GRAVADA')).toThrow(/CHECK/);
    insert.run('p2', 'AZU-1', 'AZU-1', 'BIENES', 'EXENTA');
    const barcode = db.prepare('INSERT INTO product_barcodes (barcode, product_id, position) VALUES (?, ?, ?)');
    barcode.run('7501234567890', 'p1', 0);
    expect(() => barcode.run('7501234567890', 'p2', 0)).toThrow(/UNIQUE|PRIMARY/);
    expect(() => barcode.run('111', 'nadie', 0)).toThrow(/FOREIGN KEY/);
  });
});

describe('013 day closes', () => {
  it('adds the closes table: a close is never changed or removed, its scope is the station or a person', () => {
    const db = new BetterSqlite3(':memory:');
    db.pragma('foreign_keys = ON');
    const at = MIGRATIONS.findIndex((m) => m.version === 13);
    expect(MIGRATIONS[at]!.name).toBe('day-closes');
    migrate(db, MIGRATIONS.slice(0, at));
    expect(tables(db)).not.toContain('day_closes');
    migrate(db, MIGRATIONS.slice(0, at + 1));
    expect(tables(db)).toContain('day_closes');
    const insert = db.prepare(
      `INSERT INTO day_closes (id, seq, scope, scope_name, period_from, period_to, closed_at, closed_by, closed_by_name, summary, previous_id, difference, hash)
       VALUES (?, ?, ?, 'Ana', '2026-11-22T00:00:00-06:00', ?, '2026-11-22T18:00:00-06:00', 'user:ana', 'Ana', '{}', ?, NULL, 'h')`,
    );
    insert.run('c1', 1, 'user:ana', '2026-11-22T18:00:00-06:00', null);
    insert.run('c2', 2, 'station', '2026-11-22T18:00:00-06:00', 'c1');
    expect(() => insert.run('c3', 3, 'api-key:x', '2026-11-22T18:00:00-06:00', null)).toThrow(/CHECK/);
    expect(() => insert.run('c3', 3, 'station', '2026-11-21T18:00:00-06:00', null)).toThrow(/CHECK/);
    expect(() => insert.run('c3', 3, 'station', '2026-11-22T18:00:00-06:00', 'no-such-close')).toThrow(/FOREIGN KEY/);
    expect(() => db.prepare('UPDATE day_closes SET summary = \'{"netSales":"0.00"}\' WHERE id = \'c1\'').run()).toThrow(/append-only/);
    expect(() => db.prepare("DELETE FROM day_closes WHERE id = 'c1'").run()).toThrow(/append-only/);
    expect(db.prepare('SELECT count(*) AS n FROM day_closes').get()).toEqual({ n: 2 });
  });
});

describe('014 document events', () => {
  it('adds the append-only feed of what happened to documents, each event of a stored document and a known kind', () => {
    const db = new BetterSqlite3(':memory:');
    db.pragma('foreign_keys = ON');
    const at = MIGRATIONS.findIndex((m) => m.version === 14);
    expect(MIGRATIONS[at]!.name).toBe('document-events');
    migrate(db, MIGRATIONS.slice(0, at));
    expect(tables(db)).not.toContain('document_events');
    migrate(db, MIGRATIONS.slice(0, at + 1));
    db.prepare(
      `INSERT INTO documents (id, kind, environment, version, status, control_number, company_id, branch_code,
      pos_number, generated_at, issue_date, created_at, updated_at, request_json, request_hash)
      VALUES ('a', 'FC', 'TEST', 1, 'CREATED', 'DTE-01-M001P001-000000000000001', 'c', 'M001', 1, 'g', '2026-11-22', 'c', 'u', '{}', 'h')`,
    ).run();
    const insert = db.prepare("INSERT INTO document_events (document_id, event, at) VALUES (?, ?, '2026-11-22T10:00:00-06:00')");
    insert.run('a', 'dte.created');
    insert.run('a', 'dte.approved');
    expect(() => insert.run('a', 'dte.lost')).toThrow(/CHECK/);
    expect(() => insert.run('nadie', 'dte.created')).toThrow(/FOREIGN KEY/);
    expect(() => db.prepare("UPDATE document_events SET event = 'dte.rejected' WHERE seq = 1").run()).toThrow(/append-only/);
    expect(() => db.prepare('DELETE FROM document_events WHERE seq = 1').run()).toThrow(/append-only/);
    expect(db.prepare('SELECT seq, event FROM document_events ORDER BY seq').all()).toEqual([
      { seq: 1, event: 'dte.created' },
      { seq: 2, event: 'dte.approved' },
    ]);
  });
});

describe('015 deliveries', () => {
  it('adds the e-mail queue and a cursor that starts after the feed already there; one delivery per event', () => {
    const db = new BetterSqlite3(':memory:');
    db.pragma('foreign_keys = ON');
    const at = MIGRATIONS.findIndex((m) => m.version === 15);
    expect(MIGRATIONS[at]!.name).toBe('deliveries');
    migrate(db, MIGRATIONS.slice(0, at));
    db.prepare(
      `INSERT INTO documents (id, kind, environment, version, status, control_number, company_id, branch_code,
      pos_number, generated_at, issue_date, created_at, updated_at, request_json, request_hash)
      VALUES ('a', 'FC', 'TEST', 1, 'CREATED', 'DTE-01-M001P001-000000000000001', 'c', 'M001', 1, 'g', '2026-11-22', 'c', 'u', '{}', 'h')`,
    ).run();
    db.prepare("INSERT INTO document_events (document_id, event, at) VALUES ('a', 'dte.created', 't'), ('a', 'dte.approved', 't')").run();
    migrate(db, MIGRATIONS.slice(0, at + 1));
    // An upgraded station does not mail its past documents.
    expect(db.prepare('SELECT seq FROM delivery_cursor').all()).toEqual([{ seq: 2 }]);
    const insert = db.prepare(
      `INSERT INTO deliveries (id, document_id, message, event_seq, email, message_id, state, next_attempt_at, created_at)
       VALUES (?, 'a', ?, ?, 'x@y.example', ?, ?, 't', 't')`,
    );
    insert.run('d1', 'document', 2, '<d1@s>', 'pending');
    insert.run('d2', 'document', null, '<d2@s>', 'pending');
    insert.run('d3', 'document', null, '<d3@s>', 'sent');
    expect(() => insert.run('d4', 'document', 2, '<d4@s>', 'pending')).toThrow(/UNIQUE/);
    expect(() => insert.run('d5', 'document', null, '<d1@s>', 'pending')).toThrow(/UNIQUE/);
    expect(() => insert.run('d6', 'receipt', null, '<d6@s>', 'pending')).toThrow(/CHECK/);
    expect(() => insert.run('d7', 'document', null, '<d7@s>', 'lost')).toThrow(/CHECK/);
    expect(() => insert.run('d8', 'document', 99, '<d8@s>', 'pending')).toThrow(/FOREIGN KEY/);
    expect(() => db.prepare('INSERT INTO delivery_cursor (id, seq) VALUES (2, 0)').run()).toThrow(/CHECK/);
  });
});

describe('016 webhooks', () => {
  it('adds endpoints, deliveries and a cursor that starts after the feed already there (no replay of history)', () => {
    const db = new BetterSqlite3(':memory:');
    db.pragma('foreign_keys = ON');
    const at = MIGRATIONS.findIndex((m) => m.version === 16);
    expect(MIGRATIONS[at]!.name).toBe('webhooks');
    migrate(db, MIGRATIONS.slice(0, at));
    db.prepare(
      `INSERT INTO documents (id, kind, environment, version, status, control_number, company_id, branch_code,
      pos_number, generated_at, issue_date, created_at, updated_at, request_json, request_hash)
      VALUES ('a', 'FC', 'TEST', 1, 'CREATED', 'DTE-01-M001P001-000000000000001', 'c', 'M001', 1, 'g', '2026-11-22', 'c', 'u', '{}', 'h')`,
    ).run();
    db.prepare("INSERT INTO document_events (document_id, event, at) VALUES ('a', 'dte.created', 't'), ('a', 'dte.approved', 't')").run();
    migrate(db, MIGRATIONS.slice(0, at + 1));
    expect(db.prepare('SELECT seq FROM webhook_cursor').all()).toEqual([{ seq: 2 }]);
    const endpoint = db.prepare(
      `INSERT INTO webhook_endpoints (id, url, events, secret_sealed, source, active, from_seq, created_at, updated_at)
       VALUES (?, ?, '[]', 'v1.x', ?, 1, 2, 't', 't')`,
    );
    endpoint.run('w1', 'http://127.0.0.1/a', 'file');
    endpoint.run('w2', 'http://127.0.0.1/a', 'app');
    expect(() => endpoint.run('w3', 'http://127.0.0.1/a', 'file')).toThrow(/UNIQUE/);
    expect(() => endpoint.run('w4', 'http://127.0.0.1/b', 'somewhere')).toThrow(/CHECK/);
    const delivery = db.prepare(
      `INSERT INTO webhook_deliveries (id, endpoint_id, event_seq, document_id, event, occurred_at, body, status, next_attempt_at, give_up_at, created_at)
       VALUES (?, 'w1', ?, 'a', 'dte.created', 't', '{}', ?, 0, 0, 't')`,
    );
    delivery.run('d1', 1, 'PENDING');
    expect(() => delivery.run('d2', 1, 'PENDING')).toThrow(/UNIQUE/);
    expect(() => delivery.run('d3', 2, 'LOST')).toThrow(/CHECK/);
    expect(() => delivery.run('d4', 99, 'PENDING')).toThrow(/FOREIGN KEY/);
    db.prepare("DELETE FROM webhook_endpoints WHERE id = 'w1'").run();
    expect(db.prepare('SELECT count(*) AS n FROM webhook_deliveries').get()).toEqual({ n: 0 });
    expect(() => db.prepare('INSERT INTO webhook_cursor (id, seq) VALUES (2, 0)').run()).toThrow(/CHECK/);
  });
});

describe('017 returns', () => {
  it('adds the Evento de Retorno tables: known kinds and statuses, each line of a stored document once per event', () => {
    const db = new BetterSqlite3(':memory:');
    db.pragma('foreign_keys = ON');
    const at = MIGRATIONS.findIndex((m) => m.version === 17);
    expect(MIGRATIONS[at]!.name).toBe('returns');
    migrate(db, MIGRATIONS.slice(0, at));
    db.prepare(
      `INSERT INTO documents (id, kind, environment, version, status, control_number, company_id, branch_code,
      pos_number, generated_at, issue_date, created_at, updated_at, request_json, request_hash)
      VALUES ('a', 'FC', 'TEST', 1, 'APPROVED', 'DTE-01-M001P001-000000000000001', 'c', 'M001', 1, 'g', '2026-11-22', 'c', 'u', '{}', 'h')`,
    ).run();
    expect(migrate(db, MIGRATIONS.slice(0, at + 1))).toEqual({ from: 16, to: 17 });
    const event = db.prepare(
      `INSERT INTO returns (id, kind, environment, company_id, version, status, reason, total, mh_json, jws, generated_at, created_at, updated_at)
       VALUES (?, ?, 'TEST', 'c', 1, ?, 'Devolución', '5.00', '{}', 'x.y.z', 't', 't', 't')`,
    );
    event.run('r1', 'FC', 'PENDING');
    expect(() => event.run('r2', 'CCF', 'PENDING')).toThrow(/CHECK/);
    expect(() => event.run('r3', 'FC', 'LOST')).toThrow(/CHECK/);
    const line = db.prepare(
      `INSERT INTO return_lines (return_id, dte_id, item, description, quantity, amount) VALUES (?, ?, ?, 'Café', '1', '5.00')`,
    );
    line.run('r1', 'a', 1);
    expect(() => line.run('r1', 'a', 1)).toThrow(/UNIQUE|PRIMARY/);
    expect(() => line.run('r1', 'nope', 2)).toThrow(/FOREIGN KEY/);
    expect(() => line.run('r9', 'a', 2)).toThrow(/FOREIGN KEY/);
    expect(() => line.run('r1', 'a', 0)).toThrow(/CHECK/);
  });
});

describe('018 replication', () => {
  it('queues the documents already stored, in the order they were made, one row per document', () => {
    const db = new BetterSqlite3(':memory:');
    db.pragma('foreign_keys = ON');
    const at = MIGRATIONS.findIndex((m) => m.version === 18);
    expect(MIGRATIONS[at]!.name).toBe('replication');
    migrate(db, MIGRATIONS.slice(0, at));
    const doc = db.prepare(
      `INSERT INTO documents (id, kind, environment, version, status, control_number, company_id, branch_code,
      pos_number, generated_at, issue_date, created_at, updated_at, request_json, request_hash)
      VALUES (?, 'FC', 'TEST', 1, 'APPROVED', ?, 'c', 'M001', 1, 'g', '2026-11-22', ?, 'u', '{}', 'h')`,
    );
    doc.run('b', 'DTE-01-M001P001-000000000000002', '2026-11-22T09:00:02-06:00');
    doc.run('a', 'DTE-01-M001P001-000000000000001', '2026-11-22T09:00:01-06:00');
    expect(migrate(db, MIGRATIONS.slice(0, at + 1))).toEqual({ from: 17, to: 18 });
    expect(db.prepare('SELECT document_id, seq, reason FROM replication_queue ORDER BY seq').all()).toEqual([
      { document_id: 'a', seq: 1, reason: 'existing' },
      { document_id: 'b', seq: 2, reason: 'existing' },
    ]);
    const row = db.prepare(`INSERT INTO replication_queue (document_id, seq, reason, queued_at) VALUES (?, ?, 'created', 't')`);
    expect(() => row.run('a', 3)).toThrow(/UNIQUE|PRIMARY/);
    expect(() => row.run('nope', 3)).toThrow(/FOREIGN KEY/);
    expect(() => row.run('c', 0)).toThrow(/CHECK|FOREIGN/);
  });
});

describe('019 replicated records', () => {
  it('keeps the queued documents, queues the records already stored, and its triggers queue every later change', () => {
    const db = new BetterSqlite3(':memory:');
    db.pragma('foreign_keys = ON');
    const at = MIGRATIONS.findIndex((m) => m.version === 19);
    expect(MIGRATIONS[at]!.name).toBe('replicated records');
    migrate(db, MIGRATIONS.slice(0, at));
    db.prepare(
      `INSERT INTO documents (id, kind, environment, version, status, control_number, company_id, branch_code,
      pos_number, generated_at, issue_date, created_at, updated_at, request_json, request_hash)
      VALUES ('d1', 'FC', 'TEST', 1, 'APPROVED', 'DTE-01-M001P001-000000000000001', 'c', 'M001', 1, 'g', '2026-11-22',
      '2026-11-22T09:00:00-06:00', 'u', '{}', 'h')`,
    ).run();
    db.prepare("INSERT INTO replication_queue (document_id, seq, reason, queued_at) VALUES ('d1', 1, 'created', 't')").run();
    const event = db.prepare(
      "INSERT INTO contingency_events (id, type, started_at, status, created_at, updated_at) VALUES (?, 1, 's', 'ended', 'c', ?)",
    );
    event.run('e1', '2026-11-22T10:00:00-06:00');
    expect(migrate(db, MIGRATIONS.slice(0, at + 1))).toEqual({ from: 18, to: 19 });
    const queue = () => db.prepare('SELECT entity, ref, seq, reason FROM replication_queue ORDER BY seq').all();
    expect(queue()).toEqual([
      { entity: 'document', ref: 'd1', seq: 1, reason: 'created' },
      { entity: 'contingency_event', ref: 'e1', seq: 2, reason: 'existing' },
    ]);
    // A later event, and a change of the first: each one row, moved to the end.
    event.run('e2', '2026-11-22T11:00:00-06:00');
    db.prepare("UPDATE contingency_events SET status = 'sealed', updated_at = 'u2' WHERE id = 'e1'").run();
    expect(queue()).toEqual([
      { entity: 'document', ref: 'd1', seq: 1, reason: 'created' },
      { entity: 'contingency_event', ref: 'e2', seq: 3, reason: 'changed' },
      { entity: 'contingency_event', ref: 'e1', seq: 4, reason: 'changed' },
    ]);
    // A rolled-back write leaves nothing queued: the trigger is part of the writer's transaction.
    expect(() =>
      db.transaction(() => {
        event.run('e3', 'x');
        throw new Error('rollback');
      })(),
    ).toThrow('rollback');
    expect(queue()).toHaveLength(3);
    const triggers = db.prepare("SELECT name FROM sqlite_master WHERE type = 'trigger' AND name LIKE 'replicate_%' ORDER BY name").all();
    expect(triggers.map((t) => (t as { name: string }).name)).toEqual([
      'replicate_contingency_events_insert',
      'replicate_contingency_events_update',
      'replicate_day_closes_insert',
      'replicate_deliveries_insert',
      'replicate_deliveries_update',
      'replicate_invalidations_insert',
      'replicate_invalidations_update',
      'replicate_returns_insert',
      'replicate_returns_update',
    ]);
    expect(() =>
      db.prepare("INSERT INTO replication_queue (entity, ref, seq, reason, queued_at) VALUES ('mystery', 'x', 9, 'r', 't')").run(),
    ).toThrow(/CHECK/);
  });
});

describe('020 homologation', () => {
  it('adds the runs and their steps, keeping every document, and refuses steps of no run or of an unknown kind', () => {
    const db = new BetterSqlite3(':memory:');
    db.pragma('foreign_keys = ON');
    const at = MIGRATIONS.findIndex((m) => m.version === 20);
    expect(MIGRATIONS[at]!.name).toBe('homologation');
    migrate(db, MIGRATIONS.slice(0, at));
    db.prepare(
      `INSERT INTO documents (id, kind, environment, version, status, control_number, company_id, branch_code,
      pos_number, generated_at, issue_date, created_at, updated_at, request_json, request_hash)
      VALUES ('d1', 'FC', 'TEST', 1, 'APPROVED', 'DTE-01-M001P001-000000000000001', 'c', 'M001', 1, 'g', '2026-11-22',
      '2026-11-22T09:00:00-06:00', 'u', '{}', 'h')`,
    ).run();
    expect(migrate(db, MIGRATIONS.slice(0, at + 1))).toEqual({ from: 19, to: 20 });
    expect(tables(db)).toEqual(expect.arrayContaining(['homologation_runs', 'homologation_steps']));
    expect(db.prepare('SELECT COUNT(*) AS n FROM documents').get()).toEqual({ n: 1 });
    db.prepare(
      "INSERT INTO homologation_runs (id, normative, kinds, seed, pace_ms, status, started_by, started_at) VALUES ('r1', 'legacy', '[\"FC\"]', 7, 1000, 'running', 'user:admin', 's')",
    ).run();
    const step = db.prepare(
      'INSERT INTO homologation_steps (run_id, seq, step, kind, ref, request, done, created_at) VALUES (?, ?, ?, ?, ?, ?, 1, ?)',
    );
    step.run('r1', 1, 'document', 'FC', 'd1', '{}', 'c');
    expect(db.prepare('SELECT done, error FROM homologation_steps').get()).toEqual({ done: 1, error: null });
    expect(() => step.run('r9', 1, 'document', 'FC', 'd1', '{}', 'c')).toThrow(/FOREIGN KEY/);
    expect(() => step.run('r1', 2, 'gestion', null, 'x', '{}', 'c')).toThrow(/CHECK/);
    expect(() => step.run('r1', 1, 'document', 'FC', 'd2', '{}', 'c')).toThrow(/UNIQUE/);
    expect(() => db.prepare("UPDATE homologation_runs SET normative = '2030' WHERE id = 'r1'").run()).toThrow(/CHECK/);
  });
});

describe('021 packed documents', () => {
  it("packs each document's MH JSON, JWS and request into one value that gives them back exactly, and keeps what a note relates", () => {
    const db = new BetterSqlite3(':memory:');
    db.pragma('foreign_keys = ON');
    const at = MIGRATIONS.findIndex((m) => m.version === 21);
    expect(MIGRATIONS[at]!.name).toBe('packed-documents');
    migrate(db, MIGRATIONS.slice(0, at));
    const key = generateKeyPairSync('rsa', { modulusLength: 2048 }).privateKey;
    const ccf = { identificacion: { tipoDte: '03', codigoGeneracion: 'AAAA0000-0000-4000-8000-000000000001' }, documentoRelacionado: null };
    const nc = {
      identificacion: { tipoDte: '05', codigoGeneracion: 'AAAA0000-0000-4000-8000-000000000002' },
      documentoRelacionado: [{ tipoDocumento: '03', numeroDocumento: 'AAAA0000-0000-4000-8000-000000000001' }],
      cuerpoDocumento: [{ descripcion: 'Devolución de café — ñandú' }],
    };
    const insert = db.prepare(
      `INSERT INTO documents (id, kind, environment, version, status, control_number, company_id, branch_code,
      pos_number, generated_at, issue_date, created_at, updated_at, request_json, request_hash, mh_json, jws)
      VALUES (?, ?, 'TEST', 3, 'APPROVED', ?, 'c', 'M001', 1, 'g', '2026-11-22', ?, 'u', ?, 'h', ?, ?)`,
    );
    const rows = [
      ['aaaa0000-0000-4000-8000-000000000001', 'CCF', 'DTE-03-M001P001-000000000000001', '1', '{"id":"a","items":[]}', ccf],
      ['aaaa0000-0000-4000-8000-000000000002', 'NC', 'DTE-05-M001P001-000000000000001', '2', '{"id":"b","note":"ñ"}', nc],
    ] as const;
    for (const [id, kind, control, created, request, doc] of rows)
      insert.run(id, kind, control, created, request, JSON.stringify(doc), signJson(doc, key));
    // A row whose JWS is not the signing of its JSON (never written by Sello) is kept as it was, not rebuilt.
    insert.run('aaaa0000-0000-4000-8000-000000000003', 'FC', 'DTE-01-M001P001-000000000000001', '3', '{}', '{"a":1}', 'x.y.z');
    const before = db.prepare('SELECT id, mh_json, jws, request_json FROM documents ORDER BY id').all() as {
      id: string;
      mh_json: string;
      jws: string;
      request_json: string;
    }[];

    expect(migrate(db, MIGRATIONS.slice(0, at + 1))).toEqual({ from: 20, to: 21 });
    const cols = (db.prepare('PRAGMA table_info(documents)').all() as { name: string }[]).map((c) => c.name);
    expect(cols).toEqual(expect.arrayContaining(['packed', 'related']));
    expect(cols).not.toEqual(expect.arrayContaining(['mh_json']));
    expect(cols.filter((c) => ['mh_json', 'jws', 'request_json'].includes(c))).toEqual([]);
    const after = db.prepare('SELECT id, packed, related FROM documents ORDER BY id').all() as {
      id: string;
      packed: Buffer;
      related: string | null;
    }[];
    expect(
      after.map((r) => {
        const t = unpackDocument(r.packed);
        return { id: r.id, mh_json: t.mhJson, jws: t.jws, request_json: t.requestJson };
      }),
    ).toEqual(before);
    expect(after.map((r) => r.related)).toEqual([null, 'AAAA0000-0000-4000-8000-000000000001', null]);
    // Sello's own rows take format 1 (signature bytes + compressed JSON); the odd one the raw format.
    expect(after.map((r) => r.packed[0])).toEqual([1, 1, 0]);
    // The search index's trigger still works on the narrower table.
    db.prepare(
      `INSERT INTO documents (id, kind, environment, version, status, control_number, company_id, branch_code,
      pos_number, generated_at, issue_date, created_at, updated_at, request_hash, packed)
      VALUES ('d4', 'FC', 'TEST', 1, 'CREATED', 'DTE-01-M001P001-000000000000002', 'c', 'M001', 1, 'g', '2026-11-22', '4', 'u', 'h', x'00')`,
    ).run();
    expect(db.prepare('SELECT doc_id FROM documents_search WHERE documents_search MATCH \'"P001-000000000000002"\'').all()).toEqual([
      { doc_id: 'd4' },
    ]);
  });
});

describe('022 search queue', () => {
  it('queues new documents for the trigram index instead of indexing them in the transaction that stores them', () => {
    const db = new BetterSqlite3(':memory:');
    const at = MIGRATIONS.findIndex((m) => m.version === 22);
    expect(MIGRATIONS[at]!.name).toBe('search-queue');
    migrate(db, MIGRATIONS.slice(0, at));
    const insert = db.prepare(
      `INSERT INTO documents (id, kind, environment, version, status, control_number, company_id, branch_code,
      pos_number, generated_at, issue_date, created_at, updated_at, request_hash, packed, recipient_fold)
      VALUES (?, 'FC', 'TEST', 1, 'CREATED', ?, 'c', 'M001', 1, 'g', '2026-11-22', ?, 'u', 'h', x'00', 'maria')`,
    );
    insert.run('d1', 'DTE-01-M001P001-000000000000001', '1');
    migrate(db, MIGRATIONS.slice(0, at + 1));
    insert.run('d2', 'DTE-01-M001P001-000000000000002', '2');
    expect(db.prepare('SELECT doc_id FROM documents_search').all()).toEqual([{ doc_id: 'd1' }]);
    expect(db.prepare('SELECT doc_id FROM search_pending').all()).toEqual([{ doc_id: 'd2' }]);
  });
});

describe('023 contingency index', () => {
  it("finds an event's documents by the index, not by reading every document", () => {
    const db = new BetterSqlite3(':memory:');
    const at = MIGRATIONS.findIndex((m) => m.version === 23);
    expect(MIGRATIONS[at]!.name).toBe('contingency-index');
    migrate(db, MIGRATIONS.slice(0, at + 1));
    const plan = (
      db.prepare('EXPLAIN QUERY PLAN SELECT id FROM documents WHERE contingency_id = ? ORDER BY created_at').all('e1') as {
        detail: string;
      }[]
    ).map((r) => r.detail);
    expect(plan.join(' | ')).toMatch(/USING INDEX documents_contingency/);
  });
});

describe('024 recipient email', () => {
  it('adds the recorded address, null (not recorded) for the documents already stored', () => {
    const db = new BetterSqlite3(':memory:');
    const at = MIGRATIONS.findIndex((m) => m.version === 24);
    expect(MIGRATIONS[at]!.name).toBe('recipient-email');
    migrate(db, MIGRATIONS.slice(0, at));
    const insert = (columns: string, values: string, id: string, control: string) =>
      db
        .prepare(
          `INSERT INTO documents (id, kind, environment, version, status, control_number, company_id, branch_code,
          pos_number, generated_at, issue_date, created_at, updated_at, request_hash, packed${columns})
          VALUES (?, 'FC', 'TEST', 1, 'CREATED', ?, 'c', 'M001', 1, 'g', '2026-11-22', 'c', 'u', 'h', x'00'${values})`,
        )
        .run(id, control);
    insert('', '', 'd1', 'DTE-01-M001P001-000000000000001');
    migrate(db, MIGRATIONS.slice(0, at + 1));
    insert(', recipient_email', ", 'ana@example.com'", 'd2', 'DTE-01-M001P001-000000000000002');
    insert(', recipient_email', ", ''", 'd3', 'DTE-01-M001P001-000000000000003');
    expect(db.prepare('SELECT id, recipient_email FROM documents ORDER BY id').all()).toEqual([
      { id: 'd1', recipient_email: null },
      { id: 'd2', recipient_email: 'ana@example.com' },
      { id: 'd3', recipient_email: '' },
    ]);
  });
});

describe('026 certificates', () => {
  it('keeps the certificate already stored as the current one, and only one current at a time', () => {
    const db = new BetterSqlite3(':memory:');
    const at = MIGRATIONS.findIndex((m) => m.version === 26);
    expect(MIGRATIONS[at]!.name).toBe('certificates');
    migrate(db, MIGRATIONS.slice(0, at));
    const { publicKey } = generateKeyPairSync('rsa', { modulusLength: 1024 });
    const spki = publicKey.export({ format: 'der', type: 'spki' });
    const set = db.prepare('INSERT INTO settings (key, value) VALUES (?, ?)');
    set.run('signing.publicKey', spki.toString('base64'));
    set.run('signing.privateKey', 'sealed-key');
    set.run('signing.nit', '06142803901121');
    migrate(db, MIGRATIONS.slice(0, at + 1));
    expect(db.prepare('SELECT * FROM certificates').all()).toEqual([
      {
        fingerprint: createHash('sha256').update(spki).digest('hex'),
        nit: '06142803901121',
        public_key: spki.toString('base64'),
        private_key_sealed: 'sealed-key',
        not_before: null,
        not_after: null,
        imported_at: null,
        imported_by: null,
        replaced_at: null,
      },
    ]);
    const insert = db.prepare(
      `INSERT INTO certificates (fingerprint, nit, public_key, private_key_sealed, replaced_at) VALUES (?, '1', 'p', 's', ?)`,
    );
    insert.run('b', '2026-11-22T10:00:00-06:00');
    expect(() => insert.run('c', null)).toThrow(/UNIQUE/);
  });

  it('has nothing to keep in a station without a certificate', () => {
    const db = new BetterSqlite3(':memory:');
    migrate(db, MIGRATIONS.slice(0, MIGRATIONS.findIndex((m) => m.version === 26) + 1));
    expect(db.prepare('SELECT count(*) AS n FROM certificates').get()).toEqual({ n: 0 });
  });
});

describe('034 contingency status index', () => {
  it("finds an event's unsettled documents in the index alone, and keeps every document", () => {
    const db = new BetterSqlite3(':memory:');
    const at = MIGRATIONS.findIndex((m) => m.version === 34);
    expect(MIGRATIONS[at]!.name).toBe('contingency-status-index');
    migrate(db, MIGRATIONS.slice(0, at));
    const insert = db.prepare(
      `INSERT INTO documents (id, kind, environment, version, status, control_number, company_id, branch_code,
      pos_number, generated_at, issue_date, created_at, updated_at, request_hash, packed, contingency_id)
      VALUES (?, 'FC', 'TEST', 1, ?, ?, 'c', 'M001', 1, 'g', '2026-11-22', ?, 'u', 'h', x'00', ?)`,
    );
    insert.run('d1', 'APPROVED', 'DTE-01-M001P001-000000000000001', '1', 'e1');
    insert.run('d2', 'PROCESSING', 'DTE-01-M001P001-000000000000002', '2', 'e1');
    insert.run('d3', 'CREATED', 'DTE-01-M001P001-000000000000003', '3', null);
    const unsettled = `SELECT DISTINCT contingency_id FROM documents WHERE contingency_id IN (?) AND status IN (?, ?)`;
    const plan = () =>
      (db.prepare(`EXPLAIN QUERY PLAN ${unsettled}`).all('e1', 'CREATED', 'PROCESSING') as { detail: string }[])
        .map((r) => r.detail)
        .join(' | ');
    // Before: by event only, then each document read for its status.
    expect(plan()).toMatch(/USING INDEX documents_contingency \(contingency_id=\?\)/);
    migrate(db, MIGRATIONS.slice(0, at + 1));
    expect(plan()).toMatch(/USING COVERING INDEX documents_contingency \(contingency_id=\? AND status=\?\)/);
    expect(db.prepare(unsettled).all('e1', 'CREATED', 'PROCESSING')).toEqual([{ contingency_id: 'e1' }]);
    expect(db.prepare('SELECT id FROM documents ORDER BY id').all()).toEqual([{ id: 'd1' }, { id: 'd2' }, { id: 'd3' }]);
    // Still partial: the documents outside every event (nearly all) are not in it.
    const index = db.prepare(`SELECT sql FROM sqlite_master WHERE type = 'index' AND name = 'documents_contingency'`).get() as {
      sql: string;
    };
    expect(index.sql).toMatch(/\(contingency_id, status, created_at\) WHERE contingency_id IS NOT NULL$/);
  });
});

describe('035 outbox sends', () => {
  it('counts sends from zero on every row, and refuses a negative count', () => {
    const db = new BetterSqlite3(':memory:');
    const at = MIGRATIONS.findIndex((m) => m.version === 35);
    expect(MIGRATIONS[at]!.name).toBe('outbox-sends');
    migrate(db, MIGRATIONS.slice(0, at));
    db.prepare(
      `INSERT INTO documents (id, kind, environment, version, status, control_number, company_id, branch_code,
      pos_number, generated_at, issue_date, created_at, updated_at, request_hash, packed)
      VALUES ('d1', 'FC', 'TEST', 1, 'PROCESSING', 'DTE-01-M001P001-000000000000001', 'c', 'M001', 1, 'g', '2026-11-22', '1', 'u', 'h', x'00')`,
    ).run();
    db.prepare(
      `INSERT INTO outbox (document_id, topic, state, attempts, next_attempt_at, created_at) VALUES ('d1', 'dte', 'unknown', 4, 'n', 'c')`,
    ).run();
    migrate(db, MIGRATIONS.slice(0, at + 1));
    expect(db.prepare('SELECT attempts, sends FROM outbox').all()).toEqual([{ attempts: 4, sends: 0 }]);
    expect(() => db.prepare(`UPDATE outbox SET sends = -1`).run()).toThrow(/CHECK constraint/);
  });
});
