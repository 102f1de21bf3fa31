import type { CurrentUser, FormsFile } from '@penstock/shared';
import { badRequest } from '../../http/errors.ts';
import type { AccessService } from '../../security/access.ts';
import type { DocumentFiles } from '../documents/index.ts';

/** Where the files of form fields go: the project's WIP/Project data folder. */
export const FORM_UPLOAD_FOLDER = ['WIP', 'Project data'] as const;

/** uploadfile's checks: a member or manager of the project, and a Key that is a file field of a form. */
export class FormUploads {
  constructor(
    private readonly documents: DocumentFiles,
    private readonly access: AccessService,
    private readonly forms: () => Promise<FormsFile[]>,
  ) {}

  async target(user: CurrentUser, projectId: string, key: string) {
    await this.access.requireAccess(user, { project: projectId }, 'upload');
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
