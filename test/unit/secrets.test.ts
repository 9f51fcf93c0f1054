import { existsSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { createCore } from '../../main/core/create-core';
import { keyFileBox } from '../../main/core/station/secrets';
import { DEMO_STATION } from '../../main/core/station/demo';
import { tempDir, TEST_MH_URLS } from '../support/core';

describe('secrets at rest', () => {
  it('the key file is owner-only and sealed values round-trip', () => {
    const t = tempDir();
    const box = keyFileBox(t.dir);
    expect(statSync(join(t.dir, 'secret.key')).mode & 0o777).toBe(0o600);
    expect(box.open(box.seal('pwd-123'))).toBe('pwd-123');
    expect(keyFileBox(t.dir).open(box.seal('again'))).toBe('again');
    t.cleanup();
  });

  it('MH passwords and API keys never reach the database in plain text', () => {
    const t = tempDir();
    const core = createCore({
      dataDir: t.dir,
      allowedMhUrls: TEST_MH_URLS,
      initialStation: {
        ...DEMO_STATION,
        demo: false,
        mh: { baseUrl: 'http://127.0.0.1:9', user: '06142803901121', password: 'Secreta#MH-2026', certificatePassword: 'CertClave!99' },
        apiKeys: ['pos-key-super-secret-0001'],
      },
    });
    core.close();
    const db = ['sello.db', 'sello.db-wal']
      .map((f) => join(t.dir, f))
      .filter((f) => existsSync(f))
      .map((f) => readFileSync(f).toString('latin1'))
      .join('');
    expect(db).toContain('06142803901121');
    for (const secret of ['Secreta#MH-2026', 'CertClave!99', 'pos-key-super-secret-0001']) expect(db).not.toContain(secret);
    t.cleanup();
  });
});
