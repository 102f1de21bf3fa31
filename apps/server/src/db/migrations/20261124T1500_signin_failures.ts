import type { Kysely } from 'kysely';

/**
 * Failed sign-ins, for the throttle (issue 17): in the database, so that several servers behind one address
 * count the same failures (a guesser gains nothing by being spread over them).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('signin_failures')
    .addColumn('id', 'text', (c) => c.primaryKey())
    // the e-mail address tried, lower case
    .addColumn('account', 'text', (c) => c.notNull())
    .addColumn('address', 'text', (c) => c.notNull())
    .addColumn('at', 'text', (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('signin_failures_pair_idx')
    .on('signin_failures')
    .columns(['account', 'address', 'at'])
    .execute();
  await db.schema
    .createIndex('signin_failures_address_idx')
    .on('signin_failures')
    .columns(['address', 'at'])
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('signin_failures').execute();
}
