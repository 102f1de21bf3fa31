import crypto from 'node:crypto';
import { isLoopbackHost } from '../http/loopback.ts';
import { hashPassword, verifyPassword } from '../modules/auth/password.ts';
import type { UsersRepo } from '../modules/auth/users.repo.ts';
import { DEMO_PASSWORD, DEMO_USERS } from './demo.ts';

export type DemoSignIn =
  /** no demo account (never seeded, or removed) */
  | { kind: 'none' }
  /** loopback only: the README's published password */
  | { kind: 'published'; password: string }
  /** listening on a network: a random password, shown once on the console */
  | { kind: 'random'; password: string }
  /** the demo accounts' passwords were already changed (shown when first started on a network, or reset) */
  | { kind: 'changed' };

/**
 * No account with a published password on a network (issue 16). On loopback the demo keeps the README's
 * password for a newcomer; a server listening beyond loopback first gives every demo account that still has
 * it one random password (a new password ends their sessions), to be printed once on the console.
 */
export async function guardDemoPasswords(users: UsersRepo, host: string): Promise<DemoSignIn> {
  const accounts = (await Promise.all(DEMO_USERS.map((demo) => users.findByEmail(demo.email)))).filter(
    (account) => account !== undefined,
  );
  if (accounts.length === 0) return { kind: 'none' };
  const published = [];
  for (const account of accounts)
    if (await verifyPassword(account.password_hash, DEMO_PASSWORD)) published.push(account);
  if (published.length === 0) return { kind: 'changed' };
  if (isLoopbackHost(host)) return { kind: 'published', password: DEMO_PASSWORD };
  const password = crypto.randomBytes(12).toString('base64url');
  const passwordHash = await hashPassword(password);
  for (const account of published) await users.setPasswordHash(account.id, passwordHash);
  return { kind: 'random', password };
}
