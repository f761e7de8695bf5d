import { describe, expect, it } from 'vitest';
import { loadConfig } from '../../server/config';

describe('SQLITE_MMAP_MB', () => {
  it('maps 2047 MiB unless told otherwise, and 0 turns the map off', () => {
    expect(loadConfig({}).sqliteMmapMb).toBe(2047);
    expect(loadConfig({ SQLITE_MMAP_MB: '0' }).sqliteMmapMb).toBe(0);
    expect(loadConfig({ SQLITE_MMAP_MB: ' 256 ' }).sqliteMmapMb).toBe(256);
  });

  it('refuses what is not a whole number of MiB from 0 to 2047, naming the variable', () => {
    for (const value of ['-1', '2048', '1.5', 'lots', 'Infinity']) {
      expect(() => loadConfig({ SQLITE_MMAP_MB: value })).toThrow(/SQLITE_MMAP_MB must be a whole number from 0 to 2047/);
    }
  });
});
