import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';

/**
 * The JWT signing secret: JWT_SECRET when set, otherwise one generated once into DATA_DIR/jwt-secret (mode 600).
 * Several servers sharing a PostgreSQL database must share JWT_SECRET.
 */
export function resolveJwtSecret(configured: string | null, dataDir: string): string {
  if (configured) {
    if (configured.length < 32) throw new Error('JWT_SECRET must be at least 32 characters long');
    return configured;
  }
  fs.mkdirSync(dataDir, { recursive: true });
  const file = path.join(dataDir, 'jwt-secret');
  try {
    return fs.readFileSync(file, 'utf8').trim();
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw error;
  }
  const secret = crypto.randomBytes(48).toString('base64url');
  try {
    fs.writeFileSync(file, secret + '\n', { mode: 0o600, flag: 'wx' });
    return secret;
  } catch (error) {
    // Another process created it first: use theirs.
    if ((error as NodeJS.ErrnoException).code === 'EEXIST') return fs.readFileSync(file, 'utf8').trim();
    throw error;
  }
}
