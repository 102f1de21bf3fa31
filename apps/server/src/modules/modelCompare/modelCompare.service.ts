import crypto from 'node:crypto';
import {
  isIsoDay,
  isModelFile,
  MAX_ISSUE_TITLE,
  type ChangesToIssues,
  type CurrentUser,
  type Issue,
  type ModelChange,
  type ModelChangesPage,
  type ModelChangesQuery,
  type ModelCompare,
  type ModelCompareRequest,
  type VersionCompareSummary,
} from '@penstock/shared';
import { isUniqueViolation } from '../../db/database.ts';
import { badRequest, conflict, notFound } from '../../http/errors.ts';
import type { AccessService, AfterAccess } from '../../security/access.ts';
import type { IssuesService } from '../issues/index.ts';
import type { CompareJobs } from './modelCompare.jobs.ts';
import type { CompareRow, CompareVersion, ModelCompareRepo } from './modelCompare.repo.ts';
import { changeDetail, describeChanges, presentChange, presentCompare } from './modelCompare.presenter.ts';
import { changesWorkbook } from './modelCompare.workbook.ts';

/** Who asked for the compares the server makes itself (after a conversion). */
export const SYSTEM_USER = 'system';

const describeVersion = (version: CompareVersion) =>
  `${version.file_name} (version ${Number(version.number)}${version.revision ? `, ${version.revision}` : ''})`;

/** Why a version cannot be compared (null: it can). */
function notComparable(version: CompareVersion): string | null {
  const name = describeVersion(version);
  if (!isModelFile(version.file_name))
    return `${name} is not a model: only converted IFC models can be compared`;
  if (version.state === 'queued' || version.state === 'running') return `${name} is still converting`;
  if (version.state === 'failed')
    return `${name} could not be converted${version.error ? `: ${version.error}` : ''}`;
  if (version.state !== 'done' || !version.frag_hash) return `${name} has not been converted yet`;
  return null;
}

const KIND_TITLES = { added: 'Added', removed: 'Removed', changed: 'Changed' } as const;

/** An issue's title for a change: "Changed: P-101 (IfcPump)". */
export function issueTitle(change: ModelChange): string {
  const label = change.tag || change.name || change.globalId;
  return `${KIND_TITLES[change.kind]}: ${label} (${change.ifcClass || 'object'})`.slice(0, MAX_ISSUE_TITLE);
}

/**
 * Model compare (issue 34 §2): who may read both versions (members of their projects, viewers too) asks for
 * a compare, reads it and its changes and exports them; who may write issues in the head's project raises
 * changes as issues. Non-members get 404, as for a missing id.
 */
export class ModelCompareService {
  constructor(
    private readonly repo: ModelCompareRepo,
    private readonly access: AccessService,
    private readonly jobs: CompareJobs,
    private readonly issues: IssuesService,
  ) {}

  /**
   * Asks for the compare of an ordered pair: the stored one at once (created false), else a new one queued.
   * A failed compare, or one of models converted again since, is made again.
   */
  async request(
    user: CurrentUser,
    bodyOf: AfterAccess<ModelCompareRequest>,
  ): Promise<{ compare: ModelCompare; created: boolean }> {
    // the ids are what access is checked on: read first, their shape only
    const body = bodyOf();
    const [base, head] = await Promise.all([
      this.readableVersion(user, body.baseVersionId),
      this.readableVersion(user, body.headVersionId),
    ]);
    if (base.version_id === head.version_id) throw badRequest('Choose two different versions to compare');
    for (const version of [base, head]) {
      const reason = notComparable(version);
      if (reason) throw badRequest(reason);
    }
    return this.ensure(base, head, user.id);
  }

  async get(user: CurrentUser, compareId: string): Promise<ModelCompare> {
    return presentCompare(await this.readableCompare(user, compareId));
  }

  async changes(user: CurrentUser, compareId: string, query: ModelChangesQuery): Promise<ModelChangesPage> {
    const compare = await this.doneCompare(user, compareId);
    const [total, rows] = await Promise.all([
      this.repo.countChanges(compareId, query),
      this.repo.listChanges(compareId, query, { offset: query.offset, limit: query.limit }),
    ]);
    const facets = compare.facets
      ? (JSON.parse(compare.facets) as ModelChangesPage['facets'])
      : { ifcClass: [], storey: [], property: [] };
    return { total, changes: rows.map((row) => presentChange(row, compare)), facets };
  }

  /** The changes that pass the filters (all of them, not a page) as a workbook. */
  async exportChanges(
    user: CurrentUser,
    compareId: string,
    query: Partial<ModelChangesQuery>,
  ): Promise<{ bytes: Buffer; fileName: string }> {
    const compare = await this.doneCompare(user, compareId);
    const { offset: _offset, limit: _limit, ...filters } = query;
    const rows = await this.repo.listChanges(compareId, filters);
    const [base, head] = await Promise.all([
      this.repo.findVersion(compare.base_version_id),
      this.repo.findVersion(compare.head_version_id),
    ]);
    const about = {
      base: base ? describeVersion(base) : compare.base_version_id,
      head: head ? describeVersion(head) : compare.head_version_id,
      filters,
    };
    const bytes = await changesWorkbook(
      rows.map((row) => presentChange(row, compare)),
      about,
    );
    const stem = (head?.file_name ?? 'model').replace(/\.[^.]+$/, '');
    return { bytes, fileName: `${stem} changes.xlsx` };
  }

  /**
   * Selected changes raised as issues of the head's project, pinned on their objects (the head's, the base's
   * for a removed one when it is in the same project), all in one transaction.
   */
  async raiseIssues(
    user: CurrentUser,
    compareId: string,
    bodyOf: AfterAccess<ChangesToIssues>,
  ): Promise<Issue[]> {
    const compare = await this.doneCompare(user, compareId);
    const body = bodyOf();
    if (body.dueDate && !isIsoDay(body.dueDate)) throw badRequest('dueDate must be a date as yyyy-mm-dd');
    const rows = await this.repo.changesById(compareId, body.changeIds);
    const found = new Set(rows.map((row) => Number(row.change_id)));
    const missing = body.changeIds.find((id) => !found.has(id));
    if (missing !== undefined) throw badRequest(`changeIds: ${missing} is not a change of this compare`);
    const base = await this.repo.findVersion(compare.base_version_id);
    const baseInProject = base?.project_id === compare.project_id;
    const bodies = rows.map((row) => {
      const change = presentChange(row, compare);
      const { position } = changeDetail(row);
      const onBase = change.kind === 'removed' && baseInProject;
      const side = onBase ? change.base : change.head;
      const lines = describeChanges(change);
      const description = [
        `${KIND_TITLES[change.kind]} between the compared versions (GlobalId ${change.globalId}).`,
        ...lines,
      ].join('\n');
      return {
        type: 'quality_issues' as const,
        status: 'open' as const,
        title: issueTitle(change),
        description,
        assigneeId: body.assignedTo ?? null,
        dueDate: body.dueDate ?? null,
        linkedDocuments: [
          {
            documentId: onBase ? compare.base_version_id : compare.head_version_id,
            details: {
              viewableGuid: '',
              position: position ? { x: position[0], y: position[1], z: position[2] } : { x: 0, y: 0, z: 0 },
              objectId: side?.localId ?? null,
              viewerState: null,
            },
          },
        ],
      };
    });
    return this.issues.createMany(user, compare.project_id, bodies);
  }

  /**
   * A model version against the version of the same file before it: the stored compare, else one queued now
   * when both are converted models.
   */
  async versionSummary(user: CurrentUser, versionId: string): Promise<VersionCompareSummary> {
    const head = await this.readableVersion(user, versionId);
    const previous = await this.repo.previousVersion(head);
    const answer = (compare: ModelCompare | null, reason: string | null): VersionCompareSummary => ({
      versionId,
      previousVersionId: previous?.version_id ?? null,
      compare,
      reason,
    });
    if (!previous) return answer(null, 'This is the first version');
    const stored = await this.repo.findPair(previous.version_id, head.version_id);
    if (stored && stored.status !== 'failed' && this.current(stored, previous, head))
      return answer(presentCompare(stored), null);
    const reason = notComparable(previous) ?? notComparable(head);
    if (reason) return answer(stored ? presentCompare(stored) : null, reason);
    return answer((await this.ensure(previous, head, user.id)).compare, null);
  }

  /** After a conversion: the version is compared with the one before it (the version list's count). */
  async versionConverted(versionId: string): Promise<void> {
    const head = await this.repo.findVersion(versionId);
    if (!head || notComparable(head)) return;
    const previous = await this.repo.previousVersion(head);
    if (!previous || notComparable(previous)) return;
    await this.ensure(previous, head, SYSTEM_USER);
  }

  private current(compare: CompareRow, base: CompareVersion, head: CompareVersion): boolean {
    return compare.base_converted_at === base.finished_at && compare.head_converted_at === head.finished_at;
  }

  /** The stored compare of the pair when it is current, else one queued (new, or made again). */
  private async ensure(
    base: CompareVersion,
    head: CompareVersion,
    createdBy: string,
  ): Promise<{ compare: ModelCompare; created: boolean }> {
    const stored = await this.repo.findPair(base.version_id, head.version_id);
    const converted = { base: base.finished_at, head: head.finished_at };
    if (stored) {
      if (stored.status !== 'failed' && this.current(stored, base, head))
        return { compare: presentCompare(stored), created: false };
      await this.repo.requeue(stored.id, converted);
      await this.jobs.send(stored.id);
      return { compare: presentCompare((await this.repo.find(stored.id))!), created: true };
    }
    const row: CompareRow = {
      id: `mc.${crypto.randomUUID()}`,
      project_id: head.project_id,
      base_version_id: base.version_id,
      head_version_id: head.version_id,
      status: 'queued',
      progress: null,
      error: null,
      summary: null,
      facets: null,
      base_converted_at: converted.base,
      head_converted_at: converted.head,
      created_by: createdBy,
      created_at: new Date().toISOString(),
      started_at: null,
      finished_at: null,
    };
    try {
      await this.repo.insert(row);
    } catch (error) {
      // asked at the same moment by someone else: theirs is the one
      if (!isUniqueViolation(error)) throw error;
      const theirs = await this.repo.findPair(base.version_id, head.version_id);
      if (!theirs) throw error;
      return { compare: presentCompare(theirs), created: false };
    }
    await this.jobs.send(row.id);
    return { compare: presentCompare(row), created: true };
  }

  private async readableVersion(user: CurrentUser, versionId: string): Promise<CompareVersion> {
    const version = await this.repo.findVersion(versionId);
    if (!version) throw notFound();
    await this.access.requireAccess(user, { project: version.project_id }, 'read');
    return version;
  }

  /** The compare, when the user may read both of its versions. */
  private async readableCompare(user: CurrentUser, compareId: string): Promise<CompareRow> {
    const compare = await this.repo.find(compareId);
    if (!compare) throw notFound();
    await this.access.requireAccess(user, { project: compare.project_id }, 'read');
    await this.readableVersion(user, compare.base_version_id);
    return compare;
  }

  private async doneCompare(user: CurrentUser, compareId: string): Promise<CompareRow> {
    const compare = await this.readableCompare(user, compareId);
    if (compare.status === 'failed')
      throw conflict(`The compare failed: ${compare.error ?? 'unknown reason'}`);
    if (compare.status !== 'done') throw conflict('The compare is still running');
    return compare;
  }
}
