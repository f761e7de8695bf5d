import { parseArgs } from 'node:util';
import readline from 'node:readline/promises';
import { z } from 'zod';
import { PASSWORD_MIN_LENGTH } from '../../schema/auth';
import { email } from '../../schema/common';
import { hashPassword } from '../auth/passwords';
import { loadConfig } from '../config';
import { openDatabase } from '../db';
import { migrateToLatest } from '../db/migrate';
import { seedReference } from '../db/seed';
import { audit } from '../modules/audit/audit';
import { transact } from '../db/transaction';

/**
 * npm run create-admin -- --email you@company.com --first-name Ann --last-name Lee
 * Makes a real, active administrator (no demo data needed). The password comes from ADMIN_PASSWORD or a prompt.
 */
const { values } = parseArgs({
  options: {
    email: { type: 'string' },
    'first-name': { type: 'string' },
    'last-name': { type: 'string' },
    password: { type: 'string' },
  },
});

async function ask(question: string): Promise<string> {
  if (!process.stdin.isTTY) return '';
  const rl = readline.createInterface({ input: process.stdin, output: process.stdout });
  try {
    return await rl.question(question);
  } finally {
    rl.close();
  }
}

const input = z.object({
  email,
  firstName: z.string().trim().min(1, 'Give a first name (--first-name)'),
  lastName: z.string().trim().min(1, 'Give a last name (--last-name)'),
  password: z
    .string()
    .min(
      PASSWORD_MIN_LENGTH,
      `The password needs at least ${PASSWORD_MIN_LENGTH} characters (ADMIN_PASSWORD or the prompt)`,
    ),
});

const parsed = input.safeParse({
  email: values.email ?? (await ask('E-mail: ')),
  firstName: values['first-name'] ?? (await ask('First name: ')),
  lastName: values['last-name'] ?? (await ask('Last name: ')),
  password: values.password ?? process.env.ADMIN_PASSWORD ?? (await ask('Password: ')),
});
if (!parsed.success) {
  console.error(parsed.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`).join('\n'));
  process.exit(2);
}

const config = loadConfig();
const database = openDatabase({ databaseUrl: config.databaseUrl, dataDir: config.dataDir });
try {
  await migrateToLatest(database.db);
  await seedReference(database.db);
  const { db } = database;
  const data = parsed.data;
  if (await db.selectFrom('users').select('id').where('email', '=', data.email).executeTakeFirst()) {
    console.error(`User already exists: ${data.email}`);
    process.exitCode = 1;
  } else {
    const passwordHash = await hashPassword(data.password);
    const now = new Date().toISOString();
    await transact(db, async (trx) => {
      const { id } = await trx
        .insertInto('users')
        .values({
          email: data.email,
          password_hash: passwordHash,
          first_name: data.firstName,
          last_name: data.lastName,
          avatar: null,
          phone: null,
          user_type: null,
          is_active: 1,
          is_email_verified: 1,
          registration_completed: 1,
          account_id: 1,
          created_at: now,
          updated_at: now,
          deleted_at: null,
        })
        .returning('id')
        .executeTakeFirstOrThrow();
      const role = await trx
        .selectFrom('roles')
        .select('id')
        .where('name', '=', 'Administrator')
        .executeTakeFirstOrThrow();
      await trx.insertInto('user_roles').values({ user_id: id, role_id: role.id }).execute();
      await audit(trx, null, {
        action: 'create',
        entity: 'user',
        entityId: id,
        after: { email: data.email, roles: ['Administrator'], via: 'create-admin' },
      });
    });
    console.log(`Administrator ${data.email} created. Sign in at /login.`);
  }
} finally {
  await database.close();
}
