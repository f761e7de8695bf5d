import { execFile } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { afterAll, describe, expect, it } from 'vitest';
import { startTestServer } from '../helpers/server';

const run = promisify(execFile);
const root = path.resolve(__dirname, '../..');
const tsx = path.join(root, 'node_modules/.bin/tsx');
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'haulboard-cli-'));
const env = { ...process.env, DATA_DIR: dataDir, DEMO_DATA: 'false', DATABASE_URL: '' };

describe('command-line tools on a database without demo data', () => {
  afterAll(() => fs.rmSync(dataDir, { recursive: true, force: true }));

  it('migrates, then reports that the database is up to date', async () => {
    const first = await run(tsx, ['server/cli/migrate.ts'], { cwd: root, env });
    expect(first.stdout).toContain('001_platform');
    const second = await run(tsx, ['server/cli/migrate.ts'], { cwd: root, env });
    expect(second.stdout).toContain('up to date');
  });

  it('creates a real administrator who can sign in and sees the admin screens', async () => {
    const created = await run(
      tsx,
      ['server/cli/createAdmin.ts', '--email', 'Owner@Company.com', '--first-name', 'Olga', '--last-name', 'Owner'],
      {
        cwd: root,
        env: { ...env, ADMIN_PASSWORD: 'a-strong-password' },
      },
    );
    expect(created.stdout).toContain('owner@company.com');
    await expect(
      run(tsx, ['server/cli/createAdmin.ts', '--email', 'owner@company.com', '--first-name', 'O', '--last-name', 'O'], {
        cwd: root,
        env: { ...env, ADMIN_PASSWORD: 'a-strong-password' },
      }),
    ).rejects.toMatchObject({ stderr: expect.stringContaining('User already exists') });
    await expect(
      run(tsx, ['server/cli/createAdmin.ts', '--email', 'x@company.com', '--first-name', 'O', '--last-name', 'O'], {
        cwd: root,
        env: { ...env, ADMIN_PASSWORD: 'short' },
      }),
    ).rejects.toMatchObject({ stderr: expect.stringContaining('at least 8') });

    const server = await startTestServer('sqlite', { DATA_DIR: dataDir, DEMO_DATA: 'false' });
    try {
      expect(await server.db.selectFrom('users').select('email').execute()).toEqual([{ email: 'owner@company.com' }]);
      const token = await server.login('owner@company.com', 'a-strong-password');
      const groups = (await server.call({ method: 'GET', url: '/api/Auth/features/get', token })).body.value;
      const uris = groups.flatMap((g: { features: { uri: string }[] }) => g.features.map((f) => f.uri));
      expect(uris).toContain('/app/permissions');
      expect(
        (
          await server.call({
            method: 'POST',
            url: '/api/Auth/login',
            payload: { email: 'administrator@haulboard.demo', password: 'demo-password' },
          })
        ).status,
      ).toBe(401);
    } finally {
      await server.app.close();
    }
  });
});
