import crypto from 'node:crypto';
import {
  DSEAR_APPROVAL_REFUSALS,
  DSEAR_REGISTER_FIELDS,
  SDM_APPROVED,
  SDM_PENDING,
  dsearApprovalRefusal,
  entryDayAt,
  entryRag,
  filterDsearRegister,
  type CurrentUser,
  type DsearEntry,
  type DsearEntryInput,
  type DsearFilters,
  type DsearListEntry,
  type DsearRegisterLine,
  type DsearPeople,
  type DsearPerson,
} from '@penstock/shared';
import type { AccessService } from '../../security/access.ts';
import type { DsearApprovalsTable, DsearEntriesTable } from '../../db/schema.ts';
import { HttpError, badRequest, conflict, forbidden, notFound } from '../../http/errors.ts';
import { dsearRegisterWorkbook } from './dsear.workbook.ts';
import { describeChanges, presentEntry, presentHistory } from './dsear.presenter.ts';
import type { DsearApprovalRow, DsearEntryRow, DsearRepo, DsearRoleHolder } from './dsear.repo.ts';
import type { SessionAsker } from '../auth/index.ts';
import { isUniqueViolation } from '../../db/database.ts';

const ROLE_SDM = 'senior_design_manager';
const ROLE_LEAD = 'checker_lead_engineer';
const ROLE_PRACTITIONER = 'practitioner';

const emailOf = (user: CurrentUser) => user.email.trim().toLowerCase();
const notAMember = (projectName: string) =>
  // the spec's calls name the project: none of that name among the user's leaves no project for the rule
  // eslint-disable-next-line no-restricted-syntax
  forbidden(`You are not a member of a project named '${projectName}'`);

/**
 * The DSEAR register. Everyone signed in sees the register lines; an entry's detail is for members of its
 * project, administrators and the senior design managers listed on it (who must review it). Members and
 * managers of the project save it; only a listed senior design manager approves, and only their own line.
 */
export class DsearService {
  constructor(
    private readonly repo: DsearRepo,
    private readonly access: AccessService,
  ) {}

  async list(user: CurrentUser): Promise<DsearListEntry[]> {
    const [rows, visible] = await Promise.all([this.repo.listEntries(), this.access.visibleProjectIds(user)]);
    return this.presentWithAccess(user, rows, visible);
  }

  /**
   * GET /api/dsear in one round trip (issue 38): the session, the user's projects, the entries and their
   * approvals come in one query; the session is checked as every request's is (401) before anything read is
   * answered, and each line's detail only where the user sees it (as {@link list}).
   */
  async register(asker: SessionAsker): Promise<DsearListEntry[]> {
    const read = await this.repo.registerForAsker(asker.sessionId);
    const user = await asker.settle(read.session);
    const visible = this.access.visibleProjectIdsOf(user, read.memberProjectIds);
    return this.presentWithAccess(user, read.entries, visible, read.approvals);
  }

  /**
   * GET /api/dsear/export: the register lines the filters keep, as the user sees them (detail only where they
   * have access, as in list), in an .xlsx workbook.
   */
  async exportRegister(user: CurrentUser, filters: DsearFilters & { tzOffset?: number }): Promise<Buffer> {
    const { tzOffset, ...rest } = filters;
    let rows = await this.list(user);
    // the date filter means the user's calendar day when their offset is known (the page's own rule)
    if (rest.date && tzOffset !== undefined)
      rows = rows.filter((entry) => entryDayAt(entry.date, tzOffset) === rest.date);
    const shown = filterDsearRegister(rows, tzOffset === undefined ? rest : { ...rest, date: '' });
    return dsearRegisterWorkbook(shown, rest, { creator: user.name, at: new Date() });
  }

  async pendingApproval(user: CurrentUser, email: string): Promise<DsearListEntry[]> {
    // the list is asked for by address: someone else's address is someone else's list
    await this.access.requireAccess(
      user,
      { person: email === emailOf(user) ? user.id : email },
      'listDsearApprovals',
    );
    const [rows, visible] = await Promise.all([
      this.repo.pendingFor(email),
      this.access.visibleProjectIds(user),
    ]);
    return this.presentWithAccess(user, rows, visible);
  }

  /** The entry of the named project (with its history), or null when the project has none yet. */
  async get(user: CurrentUser, projectName: string): Promise<DsearEntry | null> {
    const named = (await this.access.visibleProjects(user)).filter((p) => p.name.trim() === projectName);
    // the projects of that name the user belongs to; an administrator who belongs to none sees them all
    const mine = named.filter((p) => p.member_role !== null);
    const projectIds = (mine.length > 0 ? mine : named).map((p) => p.id);
    if (projectIds.length > 0) {
      for (const projectId of projectIds) {
        const row = await this.repo.entryOfProject(projectId);
        if (row) return this.withHistory(row);
      }
      return null;
    }
    // a senior design manager listed on the entry reviews it without being a member of the project
    const listed = await this.repo.entriesNamedListing(projectName, emailOf(user));
    if (listed[0]) return this.withHistory(listed[0]);
    throw notAMember(projectName);
  }

  async saveOrCreate(user: CurrentUser, input: DsearEntryInput): Promise<DsearEntry> {
    const candidates = (await this.access.memberProjects(user)).filter(
      (p) => p.name.trim() === input.projectName,
    );
    if (candidates.length === 0) throw notAMember(input.projectName);
    const writable = candidates.filter((p) => this.access.allowsInProject(p, 'saveDsear'));
    // none writable: the rule refuses with its reason (a viewer of the project)
    let project = writable[0] ?? candidates[0]!;
    await this.access.requireAccess(user, { project: project.id }, 'saveDsear');
    if (input.id) {
      const stored = await this.repo.findEntry(input.id);
      if (!stored) throw notFound(`No register entry ${input.id}`);
      const owner = writable.find((p) => p.id === stored.project_id);
      if (!owner) throw badRequest(`Entry ${input.id} is not the entry of project '${input.projectName}'`);
      project = owner;
    }
    const holders = await this.checkPeople(input);

    const at = new Date().toISOString();
    const practitioner = input.practionerFlag === 'YES' ? input.practitioner : '';
    const entryId = input.id ?? `d.${crypto.randomUUID()}`;
    const approvals: DsearApprovalsTable[] = input.sdms.map((sdm, position) => ({
      entry_id: entryId,
      email: sdm.email,
      status: SDM_PENDING,
      approve_date: null,
      position,
    }));
    const row: DsearEntriesTable = {
      id: entryId,
      project_id: project.id,
      project_name: project.name,
      date: at,
      tm: input.tm,
      tm_rag: entryRag({ ...input, sdms: approvals }),
      lead_engineer: input.leadEngineer,
      practitioner,
      practioner_flag: input.practionerFlag,
      flids_risk: input.flidsRisk,
      flids_outcome: input.flidsOutcome,
      zones: JSON.stringify(input.dsearZone),
      dsear_iden: input.dsearIden,
      dsear_imp: input.dsearImp,
      dsear_spec: input.dsearSpec,
      dsear_app: input.dsearApp,
      created_by: user.id,
      created_at: at,
      updated_by: user.id,
      updated_at: at,
    };
    const names = new Map(holders.map((person) => [person.email, person.name]));

    try {
      return await this.repo.transaction(async (trx) => {
        let before: DsearEntry | null = null;
        if (input.id) {
          if (!(await trx.lockEntry(input.id))) throw notFound(`No register entry ${input.id}`);
          const stored = (await trx.findEntry(input.id))!;
          before = presentEntry(stored, await trx.approvalsOf([stored.id]));
          await trx.updateEntry(row);
        } else {
          if (await trx.entryOfProject(project.id)) throw this.alreadyExists(project.name);
          await trx.insertEntry(row);
        }
        await trx.replaceApprovals(entryId, approvals);
        const after = {
          ...input,
          practitioner,
          tmRag: row.tm_rag as DsearEntry['tmRag'],
          sdms: approvals.map((a) => ({ ...a, name: names.get(a.email) })),
        };
        await trx.addHistory({
          entry_id: entryId,
          at,
          by_email: emailOf(user),
          by_name: user.name,
          action: before ? 'updated' : 'created',
          changes: JSON.stringify(describeChanges(before, after)),
        });
        return this.withHistory((await trx.findEntry(entryId))!, trx);
      });
    } catch (error) {
      if (!(error instanceof HttpError) && isUniqueViolation(error)) throw this.alreadyExists(project.name);
      throw error;
    }
  }

  async approve(user: CurrentUser, dsearId: string, email: string): Promise<DsearEntry> {
    await this.access.requireAccess(
      user,
      { person: email === emailOf(user) ? user.id : email },
      'approveDsearAs',
    );
    const entry = await this.repo.findEntry(dsearId);
    if (!entry) throw notFound(`No register entry ${dsearId}`);
    const lines = await this.repo.approvalsOf([entry.id]);
    const line = lines.find((a) => a.email === email);
    await this.access.requireAccess(
      user,
      { listed: { email: line?.email, name: user.name } },
      'approveDsearLine',
    );
    if (!line) throw notFound(`No register entry ${dsearId}`);

    const at = new Date().toISOString();
    return this.repo.transaction(async (trx) => {
      if (!(await trx.lockEntry(entry.id))) throw notFound(`No register entry ${dsearId}`);
      const current = (await trx.findEntry(entry.id))!;
      const questions = presentEntry(current, []);
      // the page's rule (packages/shared canApprove), judged on the locked entry: a manager still listed,
      // not yet approved, and an entry whose answers make it amber
      const refusal = dsearApprovalRefusal(
        { ...questions, sdms: presentEntry(current, await trx.approvalsOf([entry.id])).sdms },
        email,
      );
      if (refusal === 'not-listed')
        // the line checked by the rule above left the list meanwhile (inside the transaction)
        // eslint-disable-next-line no-restricted-syntax
        throw forbidden(DSEAR_APPROVAL_REFUSALS[refusal]);
      if (refusal) throw conflict(DSEAR_APPROVAL_REFUSALS[refusal]);
      if (!(await trx.approve(entry.id, email, at)))
        throw conflict(DSEAR_APPROVAL_REFUSALS['already-approved']);
      const approvals = await trx.approvalsOf([entry.id]);
      const tmRag = entryRag({ ...questions, sdms: approvals });
      await trx.setRag(entry.id, tmRag);
      const changes = [{ field: `Approval: ${user.name} <${email}>`, from: line.status, to: SDM_APPROVED }];
      if (tmRag !== current.tm_rag) changes.push({ field: 'TM RAG', from: current.tm_rag, to: tmRag });
      await trx.addHistory({
        entry_id: entry.id,
        at,
        by_email: email,
        by_name: user.name,
        action: 'approved',
        changes: JSON.stringify(changes),
      });
      return this.withHistory((await trx.findEntry(entry.id))!, trx);
    });
  }

  /** The people offered in the form: enabled users holding each role, by name. */
  async people(): Promise<DsearPeople> {
    const holders = await this.repo.holdersOf([ROLE_SDM, ROLE_LEAD, ROLE_PRACTITIONER]);
    const of = (role: string): DsearPerson[] =>
      holders.filter((h) => h.role === role).map(({ name, email }) => ({ name, email }));
    return {
      seniorDesignManagers: of(ROLE_SDM),
      checkerLeadEngineers: of(ROLE_LEAD),
      practitioners: of(ROLE_PRACTITIONER),
    };
  }

  /** Each named person must hold the role the field needs (people are data given by an administrator). */
  private async checkPeople(input: DsearEntryInput): Promise<DsearRoleHolder[]> {
    const holders = await this.repo.holdersOf([ROLE_SDM, ROLE_LEAD, ROLE_PRACTITIONER]);
    const holds = (email: string, role: string) => holders.some((h) => h.email === email && h.role === role);
    for (const sdm of input.sdms)
      if (!holds(sdm.email, ROLE_SDM)) throw badRequest(`sdms: ${sdm.email} is not a senior design manager`);
    if (input.leadEngineer && !holds(input.leadEngineer, ROLE_LEAD))
      throw badRequest(`leadEngineer: ${input.leadEngineer} is not a checker/lead engineer`);
    if (input.practionerFlag === 'YES' && !holds(input.practitioner, ROLE_PRACTITIONER))
      throw badRequest(`practitioner: ${input.practitioner} is not a practitioner`);
    return holders;
  }

  private alreadyExists(projectName: string) {
    return conflict(
      `Project '${projectName}' already has a DSEAR entry: send its id to update it (one entry per project)`,
    );
  }

  private async withHistory(row: DsearEntryRow, repo: DsearRepo = this.repo): Promise<DsearEntry> {
    const [approvals, history] = await Promise.all([repo.approvalsOf([row.id]), repo.historyOf(row.id)]);
    return { ...presentEntry(row, approvals), history: history.map(presentHistory) };
  }

  private async presentWithAccess(
    user: CurrentUser,
    rows: readonly DsearEntryRow[],
    /** the projects whose entries the user reads, null meaning all (access.visibleProjectIds) */
    visible: readonly string[] | null,
    /** the entries' approvals when read already */
    read?: readonly DsearApprovalRow[],
  ): Promise<DsearListEntry[]> {
    const approvals = read ?? (await this.repo.approvalsOf(rows.map((row) => row.id)));
    const me = emailOf(user);
    const memberOf = visible && new Set(visible);
    return rows.map((row): DsearListEntry => {
      const entry = presentEntry(row, approvals);
      const access = !memberOf || memberOf.has(row.project_id) || entry.sdms.some((s) => s.email === me);
      if (access) return { ...entry, access: true };
      // without access: the register line only, not the detail
      const line = Object.fromEntries(DSEAR_REGISTER_FIELDS.map((field) => [field, entry[field]]));
      return { ...(line as Omit<DsearRegisterLine, 'access'>), access: false };
    });
  }
}
