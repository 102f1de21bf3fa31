import crypto from 'node:crypto';
import type { Kysely } from 'kysely';
import { fromJson, jsonArrayFrom } from '../../db/json.ts';
import { preparedQuery, type Arg } from '../../db/preparedQuery.ts';
import type { Database, DsearApprovalsTable, DsearEntriesTable, DsearHistoryTable } from '../../db/schema.ts';
import { readSessionColumns, sessionColumns, sessionUserId, type SessionWithUser } from '../auth/index.ts';

export type DsearEntryRow = DsearEntriesTable & { current_project_name: string };
export type DsearApprovalRow = DsearApprovalsTable & { name: string | null };
export type DsearHistoryRow = DsearHistoryTable;
export interface DsearRoleHolder {
  name: string;
  email: string;
  role: string;
}

const ENTRY_COLUMNS = [
  'id',
  'project_id',
  'project_name',
  'date',
  'tm',
  'tm_rag',
  'lead_engineer',
  'practitioner',
  'practioner_flag',
  'flids_risk',
  'flids_outcome',
  'zones',
  'dsear_iden',
  'dsear_imp',
  'dsear_spec',
  'dsear_app',
  'created_by',
  'created_at',
  'updated_by',
  'updated_at',
] as const;

/**
 * GET /api/dsear in one statement, one round trip on PostgreSQL (issue 38): the session with its user and
 * roles, the ids of the user's projects (what they see in detail), every entry newest save first, and every
 * entry's approvals, each list a JSON array (db/json.ts). Always one row.
 */
const registerForAskerQuery = preparedQuery((db, arg: Arg<{ sessionId: string }>) =>
  db.selectNoFrom((eb) => [
    ...sessionColumns(db, eb, arg('sessionId')),
    jsonArrayFrom(
      db,
      eb
        .selectFrom('project_members')
        .select('project_id')
        .where('user_id', '=', sessionUserId(eb, arg('sessionId'))),
    ).as('member_projects'),
    jsonArrayFrom(
      db,
      eb
        .selectFrom('dsear_entries')
        .innerJoin('projects', 'projects.id', 'dsear_entries.project_id')
        .select(ENTRY_COLUMNS.map((column) => `dsear_entries.${column}` as const))
        .select('projects.name as current_project_name')
        .orderBy('dsear_entries.date', 'desc')
        .orderBy('dsear_entries.id'),
    ).as('entries'),
    jsonArrayFrom(
      db,
      eb
        .selectFrom('dsear_approvals')
        .innerJoin('dsear_entries', 'dsear_entries.id', 'dsear_approvals.entry_id')
        .innerJoin('projects', 'projects.id', 'dsear_entries.project_id')
        .leftJoin('users', 'users.email', 'dsear_approvals.email')
        .select([
          'dsear_approvals.entry_id',
          'dsear_approvals.email',
          'dsear_approvals.status',
          'dsear_approvals.approve_date',
          'dsear_approvals.position',
          'users.name',
        ])
        .orderBy('dsear_approvals.entry_id')
        .orderBy('dsear_approvals.position'),
    ).as('approvals'),
  ]),
);

/** What the register's list reads in its one statement. */
export interface RegisterForAsker {
  /** the session that asks (not yet checked: SessionAsker.settle) */
  session: SessionWithUser | undefined;
  /** the projects the session's user belongs to */
  memberProjectIds: string[];
  entries: DsearEntryRow[];
  approvals: DsearApprovalRow[];
}

/** SQL for the DSEAR register: entries, approvals, history and the people holding the register's roles. */
export class DsearRepo {
  constructor(private readonly db: Kysely<Database>) {}

  /**
   * Runs `work` in one transaction with a repository bound to it. Writers call `lockEntry` first, so two
   * writes to the same entry (a save and an approval) run one after the other on PostgreSQL too.
   */
  transaction<T>(work: (repo: DsearRepo) => Promise<T>): Promise<T> {
    return this.db.transaction().execute((trx) => work(new DsearRepo(trx)));
  }

  /** The register with its approvals, the session and the user's projects: one statement (see the query). */
  async registerForAsker(sessionId: string): Promise<RegisterForAsker> {
    const row = (await registerForAskerQuery.executeTakeFirst(this.db, { sessionId }))!;
    return {
      session: readSessionColumns(row),
      memberProjectIds: (fromJson(row.member_projects) ?? []).map((p) => p.project_id),
      entries: fromJson(row.entries) ?? [],
      approvals: fromJson(row.approvals) ?? [],
    };
  }

  private entries() {
    return this.db
      .selectFrom('dsear_entries')
      .innerJoin('projects', 'projects.id', 'dsear_entries.project_id')
      .selectAll('dsear_entries')
      .select('projects.name as current_project_name');
  }

  /** Every entry, newest save first. */
  listEntries(): Promise<DsearEntryRow[]> {
    return this.entries().orderBy('dsear_entries.date', 'desc').orderBy('dsear_entries.id').execute();
  }

  findEntry(id: string): Promise<DsearEntryRow | undefined> {
    return this.entries().where('dsear_entries.id', '=', id).executeTakeFirst();
  }

  entryOfProject(projectId: string): Promise<DsearEntryRow | undefined> {
    return this.entries().where('dsear_entries.project_id', '=', projectId).executeTakeFirst();
  }

  /** Entries of projects with this (current) name that list the email as a senior design manager. */
  entriesNamedListing(projectName: string, email: string): Promise<DsearEntryRow[]> {
    return this.entries()
      .innerJoin('dsear_approvals', 'dsear_approvals.entry_id', 'dsear_entries.id')
      .where('projects.name', '=', projectName)
      .where('dsear_approvals.email', '=', email)
      .orderBy('dsear_entries.date', 'desc')
      .execute();
  }

  /** Entries where the email is listed and has not approved, newest first. */
  pendingFor(email: string): Promise<DsearEntryRow[]> {
    return this.entries()
      .innerJoin('dsear_approvals', 'dsear_approvals.entry_id', 'dsear_entries.id')
      .where('dsear_approvals.email', '=', email)
      .where('dsear_approvals.status', '<>', 'Approved')
      .orderBy('dsear_entries.date', 'desc')
      .orderBy('dsear_entries.id')
      .execute();
  }

  /** The approvals of the entries, in their listed order, with the user's name where one has that email. */
  async approvalsOf(entryIds: readonly string[]): Promise<DsearApprovalRow[]> {
    if (entryIds.length === 0) return [];
    return this.db
      .selectFrom('dsear_approvals')
      .leftJoin('users', 'users.email', 'dsear_approvals.email')
      .selectAll('dsear_approvals')
      .select('users.name')
      .where('dsear_approvals.entry_id', 'in', [...entryIds])
      .orderBy('dsear_approvals.entry_id')
      .orderBy('dsear_approvals.position')
      .execute();
  }

  historyOf(entryId: string): Promise<DsearHistoryRow[]> {
    return this.db
      .selectFrom('dsear_history')
      .selectAll()
      .where('entry_id', '=', entryId)
      .orderBy('seq')
      .execute();
  }

  /** Enabled users holding any of the roles, one row per (user, role), by name. */
  holdersOf(roles: readonly string[]): Promise<DsearRoleHolder[]> {
    return this.db
      .selectFrom('users')
      .innerJoin('user_roles', 'user_roles.user_id', 'users.id')
      .select(['users.name', 'users.email', 'user_roles.role'])
      .where('user_roles.role', 'in', [...roles])
      .where('users.disabled', '=', 0)
      .orderBy('users.name')
      .orderBy('users.email')
      .execute();
  }

  /** Takes the entry's row lock (a no-op update); false when there is no such entry. */
  async lockEntry(id: string): Promise<boolean> {
    const result = await this.db
      .updateTable('dsear_entries')
      .set((eb) => ({ tm_rag: eb.ref('tm_rag') }))
      .where('id', '=', id)
      .executeTakeFirst();
    return Number(result.numUpdatedRows) > 0;
  }

  async insertEntry(entry: DsearEntriesTable): Promise<void> {
    await this.db.insertInto('dsear_entries').values(entry).execute();
  }

  async updateEntry(entry: DsearEntriesTable): Promise<void> {
    const { id, project_id: _project, created_by: _by, created_at: _at, ...rest } = entry;
    await this.db.updateTable('dsear_entries').set(rest).where('id', '=', id).execute();
  }

  async setRag(id: string, tmRag: string): Promise<void> {
    await this.db.updateTable('dsear_entries').set({ tm_rag: tmRag }).where('id', '=', id).execute();
  }

  /** Replaces the entry's approvals with these. */
  async replaceApprovals(entryId: string, approvals: readonly DsearApprovalsTable[]): Promise<void> {
    await this.db.deleteFrom('dsear_approvals').where('entry_id', '=', entryId).execute();
    if (approvals.length)
      await this.db
        .insertInto('dsear_approvals')
        .values([...approvals])
        .execute();
  }

  /** Approves one line unless it is already approved; false when nothing changed. */
  async approve(entryId: string, email: string, at: string): Promise<boolean> {
    const result = await this.db
      .updateTable('dsear_approvals')
      .set({ status: 'Approved', approve_date: at })
      .where('entry_id', '=', entryId)
      .where('email', '=', email)
      .where('status', '<>', 'Approved')
      .executeTakeFirst();
    return Number(result.numUpdatedRows) > 0;
  }

  /** Appends a history line after the entry's last one (call with the entry locked). */
  async addHistory(line: Omit<DsearHistoryTable, 'id' | 'seq'>): Promise<void> {
    const last = await this.db
      .selectFrom('dsear_history')
      .select((eb) => eb.fn.max<number | string | null>('seq').as('seq'))
      .where('entry_id', '=', line.entry_id)
      .executeTakeFirst();
    await this.db
      .insertInto('dsear_history')
      .values({ ...line, id: `dh.${crypto.randomUUID()}`, seq: Number(last?.seq ?? 0) + 1 })
      .execute();
  }
}
