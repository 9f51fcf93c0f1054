// What every seed starts from: one station set up once (its certificate generated once), copied per seed, and
// MH's schemas compiled once.
import { cpSync, existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createCore } from '../../../main/core/create-core';
import { generateMhCertificate, parseMhCertificate } from '../../../main/core/signing/certificate';
import { schemaFolder, type SchemaFolder } from '../../../main/mh-sim/schema-validator';
import { DEMO_STATION } from '../../../main/core/station/demo';
import { SCHEMA_DIR } from '../mh-schemas';

export interface SimFixture {
  readonly templateDir: string;
  readonly schemas: SchemaFolder;
  readonly nit: string;
  readonly publicKeySpki: string;
  /** The company's renewed certificate (generated once): MH starts requiring it in some seeds (world.ts). */
  readonly renewed: { readonly xml: string; readonly password: string; readonly publicKeySpki: string };
  /** A fresh copy of the station for one seed. */
  copy(): { dir: string; cleanup(): void };
  cleanup(): void;
}

const RENEWED_PASSWORD = 'Renovado#2027';

export function simFixture(): SimFixture {
  // Memory-backed when the machine has it: every engine step commits with synchronous=FULL, and a disk's flush
  // would be most of a seed's time. The SQLite is the same; only the medium under it changes.
  const root = mkdtempSync(join(existsSync('/dev/shm') ? '/dev/shm' : tmpdir(), 'sello-sim-'));
  const templateDir = join(root, 'template');
  const core = createCore({ dataDir: templateDir, backups: { everyMs: 0 }, sync: { manual: true } });
  const key = core.signing.publicKey();
  core.close();
  if (!key) throw new Error('the template station has no certificate');
  let n = 0;
  const renewedXml = generateMhCertificate(DEMO_STATION.company.nit, RENEWED_PASSWORD);
  const renewed = {
    xml: renewedXml,
    password: RENEWED_PASSWORD,
    publicKeySpki: parseMhCertificate(renewedXml, RENEWED_PASSWORD).publicKey.export({ format: 'der', type: 'spki' }).toString('base64'),
  };
  return {
    renewed,
    templateDir,
    schemas: schemaFolder(SCHEMA_DIR),
    nit: DEMO_STATION.company.nit,
    publicKeySpki: key.export({ format: 'der', type: 'spki' }).toString('base64'),
    copy() {
      const dir = join(root, `seed-${++n}`);
      cpSync(templateDir, dir, { recursive: true, filter: (src) => !src.endsWith('sello.lock') && !src.includes('backups') });
      return { dir, cleanup: () => rmSync(dir, { recursive: true, force: true }) };
    },
    cleanup: () => rmSync(root, { recursive: true, force: true }),
  };
}
