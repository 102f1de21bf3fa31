import {
  IDS_GATE_PENDING,
  idsGateMessage,
  isAcceptedSuitability,
  isModelFile,
  type IdsCheck,
  type IdsGateMode,
  type WorkflowIdsSummary,
} from '@penstock/shared';
import { conflict } from '../../http/errors.ts';
import type { IdsRepo } from './ids.repo.ts';
import type { IdsChecksRepo } from './idsChecks.repo.ts';
import { presentCheck } from './ids.presenter.ts';
import type { IdsPlanner } from './idsPlanning.ts';

/** A check's failing specifications of one usage, with their counts of failing objects. */
const failing = (check: IdsCheck, usage: 'required' | 'prohibited') =>
  check.specifications
    .filter((s) => !s.pass && s.usage === usage)
    .map((s) => ({ index: s.index, name: s.name, failed: s.failed }));

/**
 * The publication gate (issue 36 §3): a workflow that would publish a model version with an A suitability
 * code reads the version's checks against the IDS files in its scope. The specifications gate as IDS 1.0
 * states their cardinality: a required one fails when nothing is applicable or an applicable object fails a
 * requirement, a prohibited one when anything is applicable (each such object is a failure), an optional one
 * only reports (its applicable objects' failures show in the check, they do not gate). A required or
 * prohibited specification that fails, or a check that failed, gives a warning (project setting 'warn') or refuses the
 * submission and the publishing approval (409, 'refuse'); so does a check not finished yet under 'refuse'.
 * The workflow module asks it (the caller has checked access); its summary goes to the Complete Review
 * dialog with the workflow.
 */
export class IdsGate {
  constructor(
    private readonly repo: IdsRepo,
    private readonly checks: IdsChecksRepo,
    private readonly planner: IdsPlanner,
  ) {}

  /** The check's summary for a workflow of this version to this suitability; null when it is not a model. */
  async summary(versionId: string, targetSuitability: string): Promise<WorkflowIdsSummary | null> {
    const model = await this.repo.fileVersion(versionId);
    if (!model || !isModelFile(model.file_name)) return null;
    const settings = await this.repo.settings(model.project_id);
    const gate = (settings?.gate === 'refuse' ? 'refuse' : 'warn') as IdsGateMode;
    const gated = isAcceptedSuitability(targetSuitability);
    const planned = await this.planner.planned(model);
    if (!planned.length) return { versionId, gate, gated, state: 'none', checks: [], message: null };
    await this.planner.queueModelVersion(versionId, false);
    const wanted = new Set(planned.map((p) => p.idsVersion.version_id));
    const checks = (await this.checks.ofVersion(versionId))
      .filter((row) => wanted.has(row.ids_version_id))
      .map(presentCheck);
    const summaries = checks.map((check) => ({
      checkId: check.id,
      idsFileName: check.idsFileName,
      status: check.status,
      pass: check.pass,
      error: check.error,
      requiredFailed: failing(check, 'required'),
      prohibitedFailed: failing(check, 'prohibited'),
    }));
    const pending =
      checks.length < planned.length || checks.some((c) => c.status === 'queued' || c.status === 'running');
    const requiredFailed = summaries.reduce((n, c) => n + c.requiredFailed.length, 0);
    const prohibitedFailed = summaries.reduce((n, c) => n + c.prohibitedFailed.length, 0);
    const failedSpecifications = requiredFailed + prohibitedFailed;
    const failedChecks = summaries.filter((c) => c.status === 'failed').length;
    const state = failedSpecifications || failedChecks ? 'fail' : pending ? 'pending' : 'pass';
    let message: string | null = null;
    if (state === 'fail')
      message =
        failedSpecifications > 0
          ? idsGateMessage(requiredFailed, gate === 'refuse' && gated, prohibitedFailed)
          : `The information requirements check of this model failed: ${summaries.find((c) => c.error)?.error ?? 'no reason given'}`;
    else if (state === 'pending' && gate === 'refuse' && gated) message = IDS_GATE_PENDING;
    return { versionId, gate, gated, state, checks: summaries, message };
  }

  /**
   * The summary, having refused (409) a publication with an A code that the project's 'refuse' setting
   * stops: a required specification fails, a check failed, or a check has not finished.
   */
  async requirePublishable(versionId: string, targetSuitability: string): Promise<WorkflowIdsSummary | null> {
    const summary = await this.summary(versionId, targetSuitability);
    if (
      summary?.gated &&
      summary.gate === 'refuse' &&
      (summary.state === 'fail' || summary.state === 'pending')
    )
      throw conflict(summary.message ?? IDS_GATE_PENDING);
    return summary;
  }
}
