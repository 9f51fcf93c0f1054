import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { aesGcmBox } from '../../main/core/station/secrets';
import { HUB_KEY, stationRepo } from '../../main/core/station/station-repo';
import { openStore, type Store } from '../../main/core/store/database';

const dirs: string[] = [];
const stores: Store[] = [];
afterEach(() => {
  for (const s of stores.splice(0)) s.close();
  for (const d of dirs.splice(0)) rmSync(d, { recursive: true, force: true });
});

function open() {
  const dir = mkdtempSync(join(tmpdir(), 'sello-hub-repo-'));
  dirs.push(dir);
  const store = openStore(join(dir, 'sello.db'));
  stores.push(store);
  return { store, repo: stationRepo(store, aesGcmBox(Buffer.alloc(32, 7))) };
}

const A = { url: 'https://hub-a.example', token: 'token-a' };
const B = { url: 'https://hub-b.example', token: 'token-b' };

describe('the hub setting, read on every issue', () => {
  it('answers what was last written, through every writer', () => {
    const { repo } = open();
    expect(repo.hub()).toBeNull();
    repo.setHub(A);
    expect(repo.hub()).toEqual(A);
    repo.setHub(B);
    expect(repo.hub()).toEqual(B);
    repo.setHub(null);
    expect(repo.hub()).toBeNull();
  });

  it('never keeps a value a rolled-back transaction wrote', () => {
    const { store, repo } = open();
    repo.setHub(A);
    expect(repo.hub()).toEqual(A);
    expect(() =>
      store.tx(() => {
        repo.setHub(B);
        expect(repo.hub()).toEqual(B);
        throw new Error('rolled back');
      }),
    ).toThrow('rolled back');
    expect(repo.hub()).toEqual(A);
  });

  it('is opened once: the sealed value is not read again until the repository writes it', () => {
    const { store, repo } = open();
    repo.setHub(A);
    expect(repo.hub()).toEqual(A);
    // A value written behind the repository's back (no code does) is not seen: proof the read is kept.
    expect(store.sqlite.prepare('UPDATE settings SET value = ? WHERE key = ?').run('', HUB_KEY).changes).toBe(1);
    expect(repo.hub()).toEqual(A);
    repo.setHub(B);
    expect(repo.hub()).toEqual(B);
  });
});
