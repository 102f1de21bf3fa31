/**
 * Creates an administrator on a new installation (or gives an existing account the role):
 *   npm run admin -- --email you@example.com --name "Your Name"
 * The password is read from PENSTOCK_ADMIN_PASSWORD or asked for on the terminal.
 */
import { parseArgs } from 'node:util';
import readline from 'node:readline/promises';
import { CreateUserBodySchema } from '@penstock/shared';
import { loadEnv } from '../env.ts';
import { migrateToLatest, openDatabase } from '../db/database.ts';
import { UsersRepo } from '../modules/auth/users.repo.ts';
import { hashPassword } from '../modules/auth/password.ts';
import { describeZodError } from '../http/errors.ts';

const { values } = parseArgs({ options: { email: { type: 'string' }, name: { type: 'string' } } });
if (!values.email || !values.name) {
  console.error('Usage: npm run admin -- --email you@example.com --name "Your Name"');
  process.exit(2);
}
let password = process.env.PENSTOCK_ADMIN_PASSWORD;
if (!password) {
  const rl = readline.createInterface({ input: process.stdin, output: process.stdout });
  password = await rl.question('Password (at least 10 characters): ');
  rl.close();
}
const parsed = CreateUserBodySchema.safeParse({
  name: values.name,
  email: values.email,
  password,
  roles: ['administrator'],
});
if (!parsed.success) {
  console.error(describeZodError(parsed.error));
  process.exit(2);
}
const env = loadEnv();
const { db, description } = openDatabase(env);
try {
  await migrateToLatest(db);
  const users = new UsersRepo(db);
  const existing = await users.findByEmail(parsed.data.email);
  if (existing) {
    await users.update(existing.id, {
      roles: [...new Set([...existing.roles, 'administrator'])],
      disabled: false,
    });
    await users.setPasswordHash(existing.id, await hashPassword(parsed.data.password));
    console.log(`${parsed.data.email} is now an administrator (${description}).`);
  } else {
    await users.create({
      name: parsed.data.name,
      email: parsed.data.email,
      passwordHash: await hashPassword(parsed.data.password),
      roles: ['administrator'],
    });
    console.log(`Created administrator ${parsed.data.email} (${description}).`);
  }
} finally {
  await db.destroy();
}
