import {
  COMPARE_MIXED_MESSAGE,
  COMPARE_UNSUPPORTED_MESSAGE,
  compareKind,
  type CompareFile,
  type CompareFiles,
} from '@penstock/shared';
import { badRequest, notFound } from '../../http/errors.ts';
import type { CurrentUser } from '@penstock/shared';
import type { AccessService } from '../../security/access.ts';
import type { DocumentsRepo } from '../documents/index.ts';
import { presentCompareFile } from './compareFiles.presenter.ts';

/**
 * Before a compare opens (issue 34 §1, §5): both versions exist, the user may read both (each version's
 * project is checked, so two files of two projects need both), and they are two drawings or two models.
 */
export class CompareFilesService {
  constructor(
    private readonly repo: DocumentsRepo,
    private readonly access: AccessService,
  ) {}

  async pair(user: CurrentUser, baseId: string, headId: string): Promise<CompareFiles> {
    const base = await this.readable(user, baseId);
    const head = await this.readable(user, headId);
    const kind = compareKind(base.fileName, head.fileName);
    if (kind === 'mixed') throw badRequest(COMPARE_MIXED_MESSAGE);
    if (kind === 'unsupported') throw badRequest(COMPARE_UNSUPPORTED_MESSAGE);
    return { kind, base, head };
  }

  private async readable(user: CurrentUser, versionId: string): Promise<CompareFile> {
    const version = await this.repo.findVersion(versionId);
    const item = version && (await this.repo.findItem(version.item_id));
    if (!version || !item) throw notFound('That version does not exist, or it was deleted');
    await this.access.requireAccess(user, { project: item.project_id }, 'read');
    return presentCompareFile(version, item.project_id);
  }
}
