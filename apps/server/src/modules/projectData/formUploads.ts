import { canUploadToProject, type CurrentUser, type FormsFile } from '@penstock/shared';
import { badRequest, forbidden } from '../../http/errors.ts';
import type { DocumentsService } from '../documents/index.ts';

/** Where the files of form fields go: the project's WIP/Project data folder. */
export const FORM_UPLOAD_FOLDER = ['WIP', 'Project data'] as const;

/** uploadfile's checks: a member or manager of the project, and a Key that is a file field of a form. */
export class FormUploads {
  constructor(
    private readonly documents: DocumentsService,
    private readonly forms: () => Promise<FormsFile[]>,
  ) {}

  async target(user: CurrentUser, projectId: string, key: string) {
    const role = await this.documents.requireRole(user, projectId);
    if (!canUploadToProject(role)) throw forbidden('Viewers cannot upload files to this project');
    const form = (await this.forms())
      .flatMap((file) => file.forms)
      .find((candidate) =>
        candidate.field_sets.some((set) =>
          set.input_fields.some((field) => field.key === key && field.unit === 'file'),
        ),
      );
    if (!form) throw badRequest(`Key '${key}' is not a file field of the project's forms`);
    const folderId = await this.documents.ensureFolderPath(projectId, FORM_UPLOAD_FOLDER);
    return { projectId, folderId, form: form.form_id };
  }
}
