import {
  cdeStateOfTopFolder,
  parseContainerName,
  type CurrentUser,
  type ItemMetadataBody,
  type ProjectRegister,
  type RegisterQuery,
  type RegisterRow,
} from '@penstock/shared';
import { badRequest, notFound } from '../../http/errors.ts';
import type { AccessService } from '../../security/access.ts';
import type { FoldersTable } from '../../db/schema.ts';
import type { DocumentsRepo } from '../documents/index.ts';
import type { InfoStandardRepo } from '../infoStandard/index.ts';
import type { ProjectDirectory } from '../projects/index.ts';
import { registerWorkbook } from './register.workbook.ts';

/**
 * The project's register (issue 35 §2): every live container with its current revision, suitability, state,
 * dates, title and description, and its name's fields parsed against the project's standard (names that do
 * not conform are reported here, never changed).
 */
export class RegisterService {
  constructor(
    private readonly documents: DocumentsRepo,
    private readonly standards: InfoStandardRepo,
    private readonly projects: ProjectDirectory,
    private readonly access: AccessService,
  ) {}

  async register(user: CurrentUser, projectId: string, query: RegisterQuery = {}): Promise<ProjectRegister> {
    await this.access.requireAccess(user, { project: projectId }, 'read');
    return this.build(projectId, query);
  }

  async workbook(user: CurrentUser, projectId: string, query: RegisterQuery = {}) {
    await this.access.requireAccess(user, { project: projectId }, 'read');
    const register = await this.build(projectId, query);
    const projectName = (await this.projects.projectName(projectId)) ?? projectId;
    const content = await registerWorkbook(register, {
      projectName,
      creator: user.name || user.email,
      at: new Date(),
    });
    return { content, fileName: `${projectName.replace(/[^\w .-]+/g, '_')} register.xlsx` };
  }

  /** PUT /api/items/:itemId/metadata: contributors give a file its title and description. */
  async saveMetadata(user: CurrentUser, itemId: string, read: () => ItemMetadataBody) {
    const item = await this.documents.findItem(itemId);
    if (!item) throw notFound('No such file');
    await this.access.requireAccess(user, { project: item.project_id }, 'upload');
    const metadata = read();
    await this.standards.saveMetadata(item.id, metadata, user.id);
    return { itemId: item.id, ...metadata };
  }

  private async build(projectId: string, query: RegisterQuery): Promise<ProjectRegister> {
    const { folderId } = query;
    const [folders, items, stored, members] = await Promise.all([
      this.documents.projectFolders(projectId),
      folderId ? this.documents.itemsInFolder(folderId) : this.documents.liveItemsOfProject(projectId),
      this.standards.standardOf(projectId),
      this.projects.members([projectId]),
    ]);
    if (folderId && !folders.some((folder) => folder.id === folderId))
      throw badRequest('folderId: not a folder of this project');
    const metadata = await this.standards.metadataOf(items.map((item) => item.id));
    const byId = new Map(folders.map((folder) => [folder.id, folder]));
    const pathOf = (folderId: string): FoldersTable[] => {
      const trail: FoldersTable[] = [];
      for (let folder = byId.get(folderId); folder && trail.length < 100;) {
        trail.unshift(folder);
        folder = folder.parent_id ? byId.get(folder.parent_id) : undefined;
      }
      return trail;
    };
    const names = new Map(members.map((member) => [member.user_id, member.name || member.email]));
    const rows: RegisterRow[] = items.map((item) => {
      const trail = pathOf(item.folder_id);
      const parsed = parseContainerName(item.name, stored.standard);
      const meta = metadata.get(item.id);
      return {
        itemId: item.id,
        versionId: item.latest.id,
        name: item.name,
        folderPath: trail.map((folder) => folder.name).join('/'),
        state: cdeStateOfTopFolder(trail[0]?.name),
        revision: item.latest.revision,
        suitability: item.latest.suitability,
        versionNumber: item.latest.number,
        title: meta?.title ?? '',
        description: meta?.description ?? '',
        fields: parsed.fields,
        conforms: parsed.conforms,
        nameProblems: parsed.failures.map((failure) => failure.message),
        createdAt: item.created_at,
        updatedAt: item.latest.created_at,
        updatedBy: names.get(item.latest.created_by) ?? '',
      };
    });
    const q = query.q?.toLowerCase();
    return {
      fields: stored.standard.fields.map(({ key, label }) => ({ key, label })),
      rows: rows.filter(
        (row) =>
          (!query.state || row.state === query.state) &&
          (!query.suitability || row.suitability === query.suitability.toUpperCase()) &&
          (!query.conforms || row.conforms === (query.conforms === 'yes')) &&
          (!q || row.name.toLowerCase().includes(q) || row.title.toLowerCase().includes(q)),
      ),
    };
  }
}
