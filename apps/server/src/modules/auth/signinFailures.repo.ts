import crypto from 'node:crypto';
import type { Db } from '../../db/database.ts';
import type { ThrottleStore } from './signinThrottle.ts';

/** The sign-in throttle's failures in the database, shared by every server (issue 17). */
export class SigninFailuresRepo implements ThrottleStore {
  constructor(private readonly db: Db) {}

  async failures(
    account: string,
    address: string,
    since: number,
  ): Promise<{ pair: number[]; address: number[] }> {
    const from = new Date(since).toISOString();
    const [pair, byAddress] = await Promise.all([
      this.db
        .selectFrom('signin_failures')
        .select('at')
        .where('account', '=', account)
        .where('address', '=', address)
        .where('at', '>', from)
        .orderBy('at')
        .execute(),
      this.db
        .selectFrom('signin_failures')
        .select('at')
        .where('address', '=', address)
        .where('at', '>', from)
        .orderBy('at')
        .execute(),
    ]);
    const ms = (rows: Array<{ at: string }>) => rows.map((row) => Date.parse(row.at));
    return { pair: ms(pair), address: ms(byAddress) };
  }

  async record(account: string, address: string, at: number, forgetBefore: number): Promise<void> {
    await this.db
      .insertInto('signin_failures')
      .values({ id: crypto.randomUUID(), account, address, at: new Date(at).toISOString() })
      .execute();
    // what is out of every window counts no more: the table stays as small as the recent failures
    await this.db
      .deleteFrom('signin_failures')
      .where('at', '<=', new Date(forgetBefore).toISOString())
      .execute();
  }

  async clear(account: string, address: string): Promise<void> {
    await this.db
      .deleteFrom('signin_failures')
      .where('account', '=', account)
      .where('address', '=', address)
      .execute();
  }
}
