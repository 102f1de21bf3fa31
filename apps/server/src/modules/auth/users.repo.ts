import crypto from 'node:crypto';
import type { Db } from '../../db/database.ts';
import type { UsersTable } from '../../db/schema.ts';

export type UserRow = UsersTable & { roles: string[] };

/** SQL for users and their global roles. */
export class UsersRepo {
  constructor(private readonly db: Db) {}

  async findByEmail(email: string): Promise<UserRow | undefined> {
    const row = await this.db.selectFrom('users').selectAll().where('email', '=', email).executeTakeFirst();
    return row && this.withRoles(row);
  }

  async findById(id: string): Promise<UserRow | undefined> {
    const row = await this.db.selectFrom('users').selectAll().where('id', '=', id).executeTakeFirst();
    return row && this.withRoles(row);
  }

  async list(): Promise<UserRow[]> {
    const rows = await this.db.selectFrom('users').selectAll().orderBy('name').execute();
    const roles = await this.db.selectFrom('user_roles').selectAll().execute();
    return rows.map((row) => ({
      ...row,
      roles: roles.filter((r) => r.user_id === row.id).map((r) => r.role),
    }));
  }

  async listByRole(role: string): Promise<UserRow[]> {
    const all = await this.list();
    return all.filter((user) => user.roles.includes(role));
  }

  async create(input: {
    name: string;
    email: string;
    passwordHash: string;
    picture?: string | null;
    roles: readonly string[];
  }): Promise<UserRow> {
    const id = crypto.randomUUID();
    await this.db.transaction().execute(async (trx) => {
      await trx
        .insertInto('users')
        .values({
          id,
          name: input.name,
          email: input.email,
          picture: input.picture ?? null,
          password_hash: input.passwordHash,
          disabled: 0,
          created_at: new Date().toISOString(),
        })
        .execute();
      if (input.roles.length) {
        await trx
          .insertInto('user_roles')
          .values([...new Set(input.roles)].map((role) => ({ user_id: id, role })))
          .execute();
      }
    });
    return (await this.findById(id))!;
  }

  async update(
    id: string,
    changes: { name?: string; disabled?: boolean; roles?: readonly string[] },
  ): Promise<void> {
    await this.db.transaction().execute(async (trx) => {
      const values: Partial<UsersTable> = {};
      if (changes.name !== undefined) values.name = changes.name;
      if (changes.disabled !== undefined) values.disabled = changes.disabled ? 1 : 0;
      if (Object.keys(values).length)
        await trx.updateTable('users').set(values).where('id', '=', id).execute();
      if (changes.disabled) await trx.deleteFrom('sessions').where('user_id', '=', id).execute();
      if (changes.roles) {
        await trx.deleteFrom('user_roles').where('user_id', '=', id).execute();
        if (changes.roles.length) {
          await trx
            .insertInto('user_roles')
            .values([...new Set(changes.roles)].map((role) => ({ user_id: id, role })))
            .execute();
        }
      }
    });
  }

  /** A new password ends every session of the user. */
  async setPasswordHash(id: string, passwordHash: string): Promise<void> {
    await this.db.transaction().execute(async (trx) => {
      await trx.updateTable('users').set({ password_hash: passwordHash }).where('id', '=', id).execute();
      await trx.deleteFrom('sessions').where('user_id', '=', id).execute();
    });
  }

  async count(): Promise<number> {
    const row = await this.db
      .selectFrom('users')
      .select((eb) => eb.fn.countAll<number | string>().as('n'))
      .executeTakeFirstOrThrow();
    return Number(row.n);
  }

  private async withRoles(row: UsersTable): Promise<UserRow> {
    const roles = await this.db
      .selectFrom('user_roles')
      .select('role')
      .where('user_id', '=', row.id)
      .execute();
    return { ...row, roles: roles.map((r) => r.role) };
  }

  /** The account with this email whatever its letter case (single sign-on matches a provider's email). */
  async findByEmailIgnoringCase(email: string): Promise<UserRow | undefined> {
    const row = await this.db
      .selectFrom('users')
      .selectAll()
      .where((eb) => eb(eb.fn<string>('lower', ['email']), '=', email.trim().toLowerCase()))
      .executeTakeFirst();
    return row && this.withRoles(row);
  }
}
