import crypto from 'node:crypto';
import {
  type CalculationDataAnswer,
  type CalculationRun,
  type CurrentUser,
  type ProjectInputAnswer,
  type StoredFormValue,
} from '@penstock/shared';
import type { z } from 'zod';
import type { SaveCalculationDataSchema, SaveProjectInputSchema } from '@penstock/shared';
import { badRequest, notFound } from '../../http/errors.ts';
import type { AccessService } from '../../security/access.ts';
import type { FormKind, ProjectDataRepo, RunRow } from './projectData.repo.ts';
import type { Calculator } from './calculator.ts';

type SaveBody = z.output<typeof SaveProjectInputSchema>;
type CalculationBody = z.output<typeof SaveCalculationDataSchema>;

const FLOW_DATA = 'flow_data';

/** The values of a save: one per field key, as text; the flow_data form's object is kept whole as JSON. */
export function valuesOf(body: SaveBody): Array<{ category: string; value: string }> {
  if (!Array.isArray(body.data)) return [{ category: body.category, value: JSON.stringify(body.data) }];
  const seen = new Map<string, string>();
  for (const entry of body.data)
    seen.set(entry.category, entry.value === null || entry.value === undefined ? '' : String(entry.value));
  return [...seen].map(([category, value]) => ({ category, value }));
}

const presentValue = (row: {
  form: string;
  category: string;
  value: string;
  updated_at: string;
  updated_by: string;
}): StoredFormValue => ({
  form: row.form,
  category: row.category,
  value: row.value,
  updatedAt: row.updated_at,
  updatedBy: row.updated_by,
});

export const presentRun = (row: RunRow): CalculationRun => ({
  id: row.id,
  form: row.form,
  fmejob: row.fmejob,
  state: row.state as CalculationRun['state'],
  reason: row.reason,
  inputs: JSON.parse(row.inputs_json) as Record<string, unknown>,
  results: row.results_json ? (JSON.parse(row.results_json) as CalculationRun['results']) : null,
  createdBy: row.created_by,
  createdByName: row.created_by_name,
  createdAt: row.created_at,
  finishedAt: row.finished_at,
});

/**
 * Project data and calculation forms (forms spec §4 'Forms and reports', §7): members and managers save,
 * every member reads; a calculation runs on the server as a recorded job.
 */
export class ProjectDataService {
  constructor(
    private readonly repo: ProjectDataRepo,
    private readonly access: AccessService,
    private readonly calculator: Calculator,
  ) {}

  async save(user: CurrentUser, kind: FormKind, body: SaveBody): Promise<{ saved: number }> {
    await this.access.requireAccess(user, { project: body.projectid }, 'changeProjectData');
    const values = valuesOf(body);
    await this.repo.saveForm(body.projectid, kind, body.category, values, user);
    return { saved: values.length };
  }

  async inputs(user: CurrentUser, projectId: string): Promise<ProjectInputAnswer> {
    await this.access.requireAccess(user, { project: projectId }, 'read');
    return { values: (await this.repo.values(projectId, 'input')).map(presentValue) };
  }

  async calculationData(user: CurrentUser, projectId: string): Promise<CalculationDataAnswer> {
    await this.access.requireAccess(user, { project: projectId }, 'read');
    const [values, runs] = await Promise.all([
      this.repo.values(projectId, 'calculation'),
      this.repo.runs(projectId),
    ]);
    return { values: values.map(presentValue), runs: runs.map(presentRun) };
  }

  /**
   * savecalculationdata: saves the form's values, and with fmejob runs that calculation as a job (queued,
   * running, done or failed with its reason) on the saved inputs plus the project's data. A failed run
   * stores its reason and no result.
   */
  async saveCalculation(
    user: CurrentUser,
    body: CalculationBody,
  ): Promise<{ saved: number; run?: CalculationRun }> {
    await this.access.requireAccess(user, { person: body.userId }, 'calculateAs');
    const { saved } = await this.save(user, 'calculation', body);
    const fmejob = body.fmejob?.trim();
    if (!fmejob) return { saved };
    const inputs: Record<string, unknown> = {};
    // the project's data first (population, flows, hourly flows), then the form's own values
    for (const row of await this.repo.values(body.projectid, 'input'))
      inputs[row.category] =
        row.form === FLOW_DATA && row.category === FLOW_DATA ? safeJson(row.value) : row.value;
    // a blank field of the form leaves the project's value (or the calculation's default) in place
    for (const value of valuesOf(body)) if (value.value.trim() !== '') inputs[value.category] = value.value;
    const run: RunRow = {
      id: `c.${crypto.randomUUID()}`,
      project_id: body.projectid,
      form: body.category,
      fmejob,
      state: 'queued',
      reason: null,
      inputs_json: JSON.stringify(inputs),
      results_json: null,
      created_by: user.id,
      created_by_name: user.name,
      created_at: new Date().toISOString(),
      finished_at: null,
    };
    await this.repo.insertRun(run);
    await this.repo.updateRun(run.id, { state: 'running' });
    const outcome = this.calculator(fmejob, inputs);
    const finished_at = new Date().toISOString();
    if (outcome.ok) {
      const results_json = JSON.stringify(outcome.results);
      await this.repo.updateRun(run.id, { state: 'done', results_json, finished_at });
      return { saved, run: presentRun({ ...run, state: 'done', results_json, finished_at }) };
    }
    await this.repo.updateRun(run.id, { state: 'failed', reason: outcome.reason, finished_at });
    return { saved, run: presentRun({ ...run, state: 'failed', reason: outcome.reason, finished_at }) };
  }

  async history(user: CurrentUser, kind: FormKind, projectId: string, form: string) {
    await this.access.requireAccess(user, { project: projectId }, 'read');
    return (await this.repo.history(projectId, kind, form)).map((row) => ({
      id: row.id,
      at: row.at,
      by: row.by_name,
      values: (JSON.parse(row.values_json) as Array<{ category: string; value: string }>).map((v) => ({
        form,
        category: v.category,
        value: v.value,
        updatedAt: row.at,
        updatedBy: row.by_name,
      })),
    }));
  }

  /** Restores an earlier save of a form (itself kept in the history, so a restore can be undone too). */
  async restore(
    user: CurrentUser,
    kind: FormKind,
    body: { projectid: string; form: string; id?: string | undefined; at?: string | undefined },
  ): Promise<{ restored: number }> {
    await this.access.requireAccess(user, { project: body.projectid }, 'changeProjectData');
    const entries = await this.repo.history(body.projectid, kind, body.form);
    const entry = entries.find((e) => (body.id ? e.id === body.id : e.at === body.at));
    if (!entry) throw notFound('No such saved version of this form');
    const values = JSON.parse(entry.values_json) as Array<{ category: string; value: string }>;
    await this.repo.saveForm(body.projectid, kind, body.form, values, user);
    return { restored: values.length };
  }
}

function safeJson(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    throw badRequest('The stored flow data is not valid JSON');
  }
}
