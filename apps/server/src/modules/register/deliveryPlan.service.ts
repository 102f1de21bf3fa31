import {
  DeliverableInputSchema,
  cdeStateOfTopFolder,
  deliverableStatus,
  type CurrentUser,
  type Deliverable,
  type DeliverableInput,
  type ImportRowReport,
} from '@penstock/shared';
import { HttpError, describeZodError, notFound } from '../../http/errors.ts';
import type { AccessService } from '../../security/access.ts';
import type { DeliverablesTable } from '../../db/schema.ts';
import type { DocumentsRepo } from '../documents/index.ts';
import type { ProjectDirectory } from '../projects/index.ts';
import type { DeliveryPlanRepo } from './register.repo.ts';
import { SheetError, deliveryPlanWorkbook, readSheetRows } from './register.workbook.ts';

const today = () => new Date().toISOString().slice(0, 10);

/**
 * The delivery plan (MIDP, issue 35 §2): planned deliverables, each matched by name to the live container
 * that delivers it, with a status from the container's suitability and the due date.
 */
export class DeliveryPlanService {
  constructor(
    private readonly plan: DeliveryPlanRepo,
    private readonly documents: DocumentsRepo,
    private readonly projects: ProjectDirectory,
    private readonly access: AccessService,
  ) {}

  async list(user: CurrentUser, projectId: string): Promise<Deliverable[]> {
    await this.access.requireAccess(user, { project: projectId }, 'read');
    return this.present(projectId, await this.plan.ofProject(projectId));
  }

  async workbook(user: CurrentUser, projectId: string): Promise<Buffer> {
    return deliveryPlanWorkbook(await this.list(user, projectId));
  }

  async add(user: CurrentUser, projectId: string, read: () => DeliverableInput): Promise<Deliverable> {
    await this.access.requireAccess(user, { project: projectId }, 'editDeliveryPlan');
    const row = await this.toRow(user, projectId, read());
    await this.plan.upsert([row]);
    const stored = (await this.plan.ofProject(projectId)).find((candidate) => candidate.name === row.name)!;
    return (await this.present(projectId, [stored]))[0]!;
  }

  async remove(user: CurrentUser, id: string): Promise<{ deleted: string }> {
    const row = await this.plan.find(id);
    if (!row) throw notFound('No such deliverable');
    await this.access.requireAccess(user, { project: row.project_id }, 'editDeliveryPlan');
    await this.plan.remove(id);
    return { deleted: id };
  }

  /**
   * Imports a delivery plan sheet (columns Name, Title, Responsible, Planned suitability, Due date): every row
   * is checked first; with any problem nothing is stored and the answer (422) is the row-by-row report.
   */
  async importSheet(user: CurrentUser, projectId: string, content: () => Promise<Buffer>) {
    await this.access.requireAccess(user, { project: projectId }, 'editDeliveryPlan');
    const rows = await readSheetRows(await content()).catch((error: unknown) => {
      throw error instanceof SheetError ? new HttpError(400, error.message) : error;
    });
    const report: ImportRowReport[] = [];
    const valid: DeliverablesTable[] = [];
    const seen = new Set<string>();
    for (const { row, values } of rows) {
      const parsed = DeliverableInputSchema.safeParse({
        name: values['name'] ?? values['file name'] ?? '',
        title: values['title'] ?? '',
        responsible: values['responsible'] ?? values['responsible party'] ?? '',
        plannedSuitability: (values['planned suitability'] ?? values['suitability'] ?? '').toUpperCase(),
        dueDate: values['due date'] ?? values['due'] ?? '',
      });
      const problems = parsed.success ? [] : [describeZodError(parsed.error)];
      const name = parsed.success ? parsed.data.name : (values['name'] ?? '');
      if (parsed.success && seen.has(name)) problems.push(`'${name}' is planned twice in this sheet`);
      seen.add(name);
      report.push({ row, fileName: name, ok: problems.length === 0, problems });
      if (parsed.success && !problems.length) valid.push(await this.toRow(user, projectId, parsed.data));
    }
    if (!rows.length) throw new HttpError(400, 'The sheet has no deliverables');
    if (report.some((entry) => !entry.ok))
      return {
        stored: false,
        rows: report,
        error: 'The delivery plan has rows with problems: nothing was stored',
      };
    await this.plan.transaction((unit) => unit.plan.upsert(valid));
    return { stored: true, rows: report };
  }

  /** GET /api/hub/deliverables: the deliverables the asking user is responsible for, in their projects. */
  async mine(user: CurrentUser): Promise<Array<Deliverable & { projectName: string }>> {
    const projects = await this.access.memberProjects(user);
    const rows = await this.plan.ofResponsible(
      user.id,
      projects.map((project) => project.id),
    );
    const out: Array<Deliverable & { projectName: string }> = [];
    for (const project of projects) {
      const own = rows.filter((row) => row.project_id === project.id);
      if (own.length)
        out.push(...(await this.present(project.id, own)).map((d) => ({ ...d, projectName: project.name })));
    }
    return out.sort((a, b) => a.dueDate.localeCompare(b.dueDate));
  }

  private async toRow(
    user: CurrentUser,
    projectId: string,
    input: DeliverableInput,
  ): Promise<DeliverablesTable> {
    const email = input.responsible.toLowerCase();
    const member = email.includes('@')
      ? (await this.projects.members([projectId])).find((m) => m.email.toLowerCase() === email)
      : undefined;
    return {
      id: `d.${crypto.randomUUID()}`,
      project_id: projectId,
      name: input.name,
      title: input.title,
      responsible: input.responsible,
      responsible_user_id: member?.user_id ?? null,
      planned_suitability: input.plannedSuitability,
      due_date: input.dueDate,
      created_at: new Date().toISOString(),
      created_by: user.id,
    };
  }

  private async present(projectId: string, rows: readonly DeliverablesTable[]): Promise<Deliverable[]> {
    const [items, folders] = await Promise.all([
      this.documents.liveItemsOfProject(projectId),
      this.documents.projectFolders(projectId),
    ]);
    const byId = new Map(folders.map((folder) => [folder.id, folder]));
    const topOf = (folderId: string) => {
      let folder = byId.get(folderId);
      for (let depth = 0; folder?.parent_id && depth < 100; depth++) folder = byId.get(folder.parent_id);
      return folder?.name;
    };
    // by name: the furthest-on container of that name wins (Published before Shared before WIP)
    const rank = (state: string | null) => ['WIP', 'Shared', 'Published', 'Archived'].indexOf(state ?? 'WIP');
    const containers = new Map<string, Deliverable['container']>();
    for (const item of items) {
      const state = cdeStateOfTopFolder(topOf(item.folder_id));
      const found = containers.get(item.name);
      if (!found || rank(state) > rank(found.state))
        containers.set(item.name, {
          itemId: item.id,
          revision: item.latest.revision,
          suitability: item.latest.suitability,
          state,
        });
    }
    const now = today();
    return rows.map((row) => {
      const container = containers.get(row.name) ?? null;
      return {
        id: row.id,
        projectId: row.project_id,
        name: row.name,
        title: row.title,
        responsible: row.responsible,
        responsibleUserId: row.responsible_user_id,
        plannedSuitability: row.planned_suitability,
        dueDate: row.due_date,
        status: deliverableStatus(row.planned_suitability, row.due_date, container, now),
        container,
      };
    });
  }
}
