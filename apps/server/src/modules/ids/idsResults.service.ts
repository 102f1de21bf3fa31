import {
  MAX_IDS_ISSUES,
  isIsoDay,
  type CurrentUser,
  type IdsCheck,
  type IdsFailingObject,
  type IdsFailuresPage,
  type IdsFailuresQuery,
  type IdsFailuresToIssues,
  type IdsIssuesCreated,
  type IdsObjectResults,
  type IdsObjectStates,
  type IdsVersionChecks,
} from '@penstock/shared';
import { badRequest, conflict, notFound } from '../../http/errors.ts';
import type { AccessService, AfterAccess } from '../../security/access.ts';
import { readBlob, type BlobStore } from '../../storage/blobStore.ts';
import type { IssuesService } from '../issues/index.ts';
import { objectCentres } from '../modelCompare/index.ts';
import type { IdsRepo } from './ids.repo.ts';
import type { CheckListRow, IdsChecksRepo } from './idsChecks.repo.ts';
import { presentCheck, presentFailure } from './ids.presenter.ts';
import type { IdsPlanner } from './idsPlanning.ts';
import { checkWorkbook } from './idsCheck.workbook.ts';
import { checkBcf } from './idsCheck.bcf.ts';
import { issuesOfFailures } from './idsIssues.ts';

/**
 * The results of IDS checks (issue 36 §3): a model version's checks, a specification's failing objects, the
 * objects' states for colour by result, one object's results, the workbook, the BCF file and issues raised
 * from failures. Members read and export; writers of issues raise them.
 */
export class IdsResultsService {
  constructor(
    private readonly repo: IdsRepo,
    private readonly checks: IdsChecksRepo,
    private readonly planner: IdsPlanner,
    private readonly issues: IssuesService,
    private readonly access: AccessService,
    private readonly blobs: BlobStore,
  ) {}

  /** The checks of a model version against the IDS files in its scope (any not made yet is queued now). */
  async versionChecks(user: CurrentUser, projectId: string, versionId: string): Promise<IdsVersionChecks> {
    await this.access.requireAccess(user, { project: projectId }, 'read');
    return { versionId, ...(await this.current(projectId, versionId)) };
  }

  async check(user: CurrentUser, projectId: string, checkId: string): Promise<IdsCheck> {
    await this.access.requireAccess(user, { project: projectId }, 'read');
    return presentCheck(await this.found(projectId, checkId));
  }

  async failures(
    user: CurrentUser,
    projectId: string,
    checkId: string,
    index: number,
    query: AfterAccess<IdsFailuresQuery>,
  ): Promise<IdsFailuresPage> {
    await this.access.requireAccess(user, { project: projectId }, 'read');
    const check = presentCheck(this.done(await this.found(projectId, checkId)));
    const specification = check.specifications[index];
    if (!specification) throw notFound(`The IDS has no specification ${index}`);
    const page = query();
    const { total, rows } = await this.checks.failures(checkId, index, page);
    return {
      checkId,
      specification,
      total,
      offset: page.offset,
      limit: page.limit,
      objects: rows.map(presentFailure),
    };
  }

  /** The passing and failing objects (express ids) of the check, or of one specification. */
  async objectStates(
    user: CurrentUser,
    projectId: string,
    checkId: string,
    query: AfterAccess<{ specification?: number | undefined }>,
  ): Promise<IdsObjectStates> {
    await this.access.requireAccess(user, { project: projectId }, 'read');
    const check = presentCheck(this.done(await this.found(projectId, checkId)));
    const { specification } = query();
    if (specification !== undefined && !check.specifications[specification])
      throw notFound(`The IDS has no specification ${specification}`);
    const failing = new Set(await this.checks.failingIds(checkId, specification));
    const applicable = new Set<number>();
    for (const row of await this.checks.objects(checkId, specification))
      for (const id of JSON.parse(row.applicable) as number[]) applicable.add(id);
    return {
      checkId,
      specification: specification ?? null,
      passing: [...applicable].filter((id) => !failing.has(id)).sort((a, b) => a - b),
      failing: [...failing].sort((a, b) => a - b),
    };
  }

  /** One object's results in the version's finished checks: each specification that applies to it. */
  async object(
    user: CurrentUser,
    projectId: string,
    query: AfterAccess<{ versionId: string; globalId?: string | undefined; expressId?: number | undefined }>,
  ): Promise<IdsObjectResults> {
    await this.access.requireAccess(user, { project: projectId }, 'read');
    const { versionId, globalId, expressId: asked } = query();
    const done = (await this.current(projectId, versionId)).checks.filter((c) => c.status === 'done');
    const failures = await this.checks.objectFailures(
      done.map((c) => c.id),
      { globalId, expressId: asked },
    );
    const expressId =
      asked ??
      (failures[0] ? Number(failures[0].express_id) : await this.checks.expressIdOf(versionId, globalId!));
    const results: IdsObjectResults['results'] = [];
    for (const check of done) {
      const applicable =
        expressId === null
          ? []
          : (await this.checks.objects(check.id))
              .filter((row) => (JSON.parse(row.applicable) as number[]).includes(expressId))
              .map((row) => Number(row.spec_index));
      for (const index of applicable) {
        const spec = check.specifications[index]!;
        const failed = failures.find((f) => f.check_id === check.id && Number(f.spec_index) === index);
        results.push({
          checkId: check.id,
          idsFileName: check.idsFileName,
          specification: index,
          specificationName: spec.name,
          usage: spec.usage,
          pass: !failed,
          failures: failed ? presentFailure(failed).failures : [],
        });
      }
    }
    return {
      versionId,
      globalId: globalId ?? failures[0]?.global_id ?? null,
      expressId,
      results,
    };
  }

  async workbook(
    user: CurrentUser,
    projectId: string,
    checkId: string,
  ): Promise<{ bytes: Buffer; fileName: string }> {
    await this.access.requireAccess(user, { project: projectId }, 'read');
    const row = this.done(await this.found(projectId, checkId));
    const model = await this.repo.fileVersion(row.model_version_id);
    const check = presentCheck(row);
    const failures = (await this.checks.allFailures(checkId)).map((f) => ({
      spec: Number(f.spec_index),
      object: presentFailure(f),
    }));
    const modelName = model?.file_name ?? 'model';
    const bytes = await checkWorkbook(check, failures, { modelName });
    return { bytes, fileName: `${stem(modelName)} IDS ${stem(check.idsFileName)}.xlsx` };
  }

  async bcf(
    user: CurrentUser,
    projectId: string,
    checkId: string,
  ): Promise<{ content: Buffer; fileName: string }> {
    await this.access.requireAccess(user, { project: projectId }, 'read');
    const row = this.done(await this.found(projectId, checkId));
    const check = presentCheck(row);
    const model = await this.repo.fileVersion(row.model_version_id);
    const failing = check.specifications.filter((s) => !s.pass).map((s) => s.index);
    const byspec = new Map<number, IdsFailingObject[]>();
    for (const f of await this.checks.allFailures(checkId, failing))
      byspec.set(Number(f.spec_index), [...(byspec.get(Number(f.spec_index)) ?? []), presentFailure(f)]);
    const modelName = model?.file_name ?? 'model';
    const content = await checkBcf(check, byspec, { modelName, author: user.email ?? user.name });
    return { content, fileName: `${stem(modelName)} IDS ${stem(check.idsFileName)}.bcfzip` };
  }

  /** Failures raised as open quality issues pinned on their objects, in one transaction. */
  async raiseIssues(
    user: CurrentUser,
    projectId: string,
    checkId: string,
    bodyOf: AfterAccess<IdsFailuresToIssues>,
  ): Promise<IdsIssuesCreated> {
    await this.access.requireAccess(user, { project: projectId }, 'writeIssues');
    const check = presentCheck(this.done(await this.found(projectId, checkId)));
    const body = bodyOf();
    if (body.dueDate && !isIsoDay(body.dueDate)) throw badRequest('dueDate must be a date as yyyy-mm-dd');
    const failing = check.specifications.filter((s) => !s.pass).map((s) => s.index);
    const chosen = body.specifications ?? failing;
    const notFailing = chosen.find((index) => !failing.includes(index));
    if (notFailing !== undefined)
      throw badRequest(`specifications: ${notFailing} is not a failing specification of this check`);
    if (!chosen.length) throw badRequest('No specification of this check fails: there is nothing to raise');
    const failures = await this.checks.allFailures(checkId, chosen);
    const mode = body.mode ?? 'specification';
    if (mode === 'object' && failures.length > MAX_IDS_ISSUES)
      throw badRequest(
        `${failures.length} failing objects: at most ${MAX_IDS_ISSUES} issues at once (choose fewer specifications, or one issue per specification)`,
      );
    const objects = failures.map((f) => ({ spec: Number(f.spec_index), object: presentFailure(f) }));
    // the pins stand on the objects: their centres from the converted geometry (one read of the .frag)
    const pinned = new Set(
      mode === 'object'
        ? objects.map((o) => o.object.expressId)
        : chosen.flatMap((index) => objects.find((o) => o.spec === index)?.object.expressId ?? []),
    );
    const fragHash = await this.repo.fragHash(check.modelVersionId);
    const centres = fragHash
      ? await objectCentres(await readBlob(this.blobs, fragHash), pinned)
      : new Map<number, [number, number, number]>();
    const bodies = issuesOfFailures(check, chosen, objects, {
      mode,
      assignedTo: body.assignedTo ?? null,
      dueDate: body.dueDate ?? null,
      centres,
    });
    const created = await this.issues.createMany(user, projectId, bodies);
    return { created: created.length, issueIds: created.map((issue) => issue.id) };
  }

  /**
   * The checks of a model version that count now: one per IDS file in its scope, against that file's latest
   * valid version (queued now if not made yet).
   */
  private async current(
    projectId: string,
    versionId: string,
  ): Promise<{ inScope: boolean; checks: IdsCheck[] }> {
    const model = await this.repo.fileVersion(versionId);
    if (!model || model.project_id !== projectId) throw notFound('No such version in this project');
    const planned = await this.planner.planned(model);
    if (planned.length) await this.planner.queueModelVersion(versionId, false);
    const wanted = new Set(planned.map((p) => p.idsVersion.version_id));
    const rows = (await this.checks.ofVersion(versionId)).filter((row) => wanted.has(row.ids_version_id));
    return { inScope: planned.length > 0, checks: rows.map(presentCheck) };
  }

  private async found(projectId: string, checkId: string): Promise<CheckListRow> {
    const row = await this.checks.find(checkId);
    if (!row || row.project_id !== projectId) throw notFound('No such check in this project');
    return row;
  }

  private done(row: CheckListRow): CheckListRow {
    if (row.status === 'failed') throw conflict(`The check failed: ${row.error ?? 'no reason given'}`);
    if (row.status !== 'done') throw conflict('The check has not finished yet');
    return row;
  }
}

const stem = (fileName: string) => fileName.replace(/\.[^.]+$/, '');
