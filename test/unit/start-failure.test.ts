import { describe, expect, it } from 'vitest';
import { FULL_BELOW_BYTES, StoreUnavailableError, asDiskError, diskProblem, type DiskProbe } from '../../main/core/store/start-failure';

const roomy: DiskProbe = { free: () => 10 * FULL_BELOW_BYTES, unwritable: () => null };
const full: DiskProbe = { free: () => 8192, unwritable: () => null };
const readOnly: DiskProbe = { free: () => 10 * FULL_BELOW_BYTES, unwritable: () => 'EROFS' };
const refused: DiskProbe = { free: () => 10 * FULL_BELOW_BYTES, unwritable: () => 'EACCES' };
const unknown: DiskProbe = { free: () => null, unwritable: () => null };

const err = (code: string, message = code) => Object.assign(new Error(message), { code });

describe('what a failed open at start means', () => {
  it.each([
    ['ENOSPC', roomy, 'full'],
    ['EDQUOT', roomy, 'full'],
    ['SQLITE_FULL', roomy, 'full'],
    ['EROFS', roomy, 'readonly'],
    ['SQLITE_READONLY', roomy, 'readonly'],
    ['SQLITE_READONLY_DBMOVED', roomy, 'readonly'],
    ['EACCES', roomy, 'permission'],
    ['EPERM', roomy, 'permission'],
    ['SQLITE_PERM', roomy, 'permission'],
    ['SQLITE_CANTOPEN', roomy, 'permission'],
    ['SQLITE_CANTOPEN', full, 'full'],
    ['SQLITE_CANTOPEN', readOnly, 'readonly'],
    ['SQLITE_IOERR_SHMSIZE', full, 'full'],
    ['SQLITE_IOERR_WRITE', roomy, 'io'],
    ['SQLITE_IOERR', readOnly, 'readonly'],
    ['SQLITE_IOERR', refused, 'permission'],
    ['SQLITE_IOERR', unknown, 'io'],
    ['EIO', roomy, 'io'],
    ['EIO', full, 'full'],
  ] as const)('%s on a disk %#: %s', (code, disk, kind) => {
    expect(diskProblem(code, '/datos', disk)).toBe(kind);
  });

  it('corruption and anything that is not the disk are not a disk problem (damage stays damage)', () => {
    for (const code of ['SQLITE_CORRUPT', 'SQLITE_CORRUPT_INDEX', 'SQLITE_NOTADB', 'SQLITE_BUSY', 'ERR_INVALID_ARG_TYPE'])
      expect(diskProblem(code, '/datos', full), code).toBeNull();
    expect(diskProblem(null, '/datos', full)).toBeNull();
    const corrupt = err('SQLITE_CORRUPT');
    expect(asDiskError(corrupt, '/datos/sello.db', full)).toBe(corrupt);
  });

  it('the message names the folder, what happened and what to do, in Spanish; never damage or restore', () => {
    const said = (code: string, disk: DiskProbe) => {
      const e = asDiskError(err(code, 'disk I/O error'), '/datos/sello.db', disk);
      expect(e).toBeInstanceOf(StoreUnavailableError);
      const m = (e as Error).message;
      expect(m).toContain('(/datos)');
      expect(m).toContain('disk I/O error');
      expect(m).toContain('Los documentos guardados no se han tocado.');
      expect(m).not.toMatch(/está dañada|restaure|sello restore/);
      return m;
    };
    expect(said('SQLITE_IOERR_SHMSIZE', full)).toContain('está lleno');
    expect(said('SQLITE_IOERR_SHMSIZE', full)).toContain('Libere espacio');
    expect(said('EACCES', roomy)).toContain('no tiene permiso');
    expect(said('EACCES', roomy)).toContain('Revise que la carpeta');
    expect(said('EROFS', roomy)).toContain('solo lectura');
    expect(said('EIO', roomy)).toContain('error de lectura o escritura');
    expect(said('EIO', roomy)).toContain('no significa que la base de datos esté dañada');
  });
});
