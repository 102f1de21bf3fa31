import {
  CHANGED_PAGES_DPI,
  COMPARE_MIXED_MESSAGE,
  COMPARE_UNSUPPORTED_MESSAGE,
  compareKind,
  type ChangedPagesAnswer,
  type ChangedPagesBody,
  type CompareFile,
  type CompareFiles,
} from '@penstock/shared';
import { badRequest, notFound } from '../../http/errors.ts';
import type { CurrentUser } from '@penstock/shared';
import type { AccessService, AfterAccess } from '../../security/access.ts';
import type { DocumentsRepo } from '../documents/index.ts';
import type { CompareFilesRepo } from './compareFiles.repo.ts';
import { presentCompareFile, presentPageCount } from './compareFiles.presenter.ts';

export const NOT_DRAWINGS_MESSAGE = 'Only two PDF drawings have changed pages to count.';

/**
 * Before a compare opens (issue 34 §1, §5): both versions exist, the user may read both (each version's
 * project is checked, so two files of two projects need both), and they are two drawings or two models.
 */
export class CompareFilesService {
  constructor(
    private readonly repo: DocumentsRepo,
    private readonly access: AccessService,
    private readonly counts: CompareFilesRepo,
  ) {}

  async pair(user: CurrentUser, baseId: string, headId: string): Promise<CompareFiles> {
    const base = await this.readable(user, baseId);
    const head = await this.readable(user, headId);
    const kind = compareKind(base.fileName, head.fileName);
    if (kind === 'mixed') throw badRequest(COMPARE_MIXED_MESSAGE);
    if (kind === 'unsupported') throw badRequest(COMPARE_UNSUPPORTED_MESSAGE);
    return { kind, base, head };
  }

  /**
   * The team's count of how many pages of the head differ from the base (issue 34 §3), or null while
   * nobody has counted the pair: the version list asks once for every user.
   */
  async changedPages(user: CurrentUser, baseId: string, headId: string): Promise<ChangedPagesAnswer> {
    await this.drawings(user, baseId, headId);
    return { count: presentPageCount(await this.counts.pageCount(baseId, headId, CHANGED_PAGES_DPI)) };
  }

  /**
   * A count made in a browser (the pixel compare runs there), kept for the team when the pair has none yet:
   * the user must read both versions, and they must be two drawings. Answers the count kept (the first).
   */
  async recordChangedPages(
    user: CurrentUser,
    baseId: string,
    headId: string,
    bodyOf: AfterAccess<ChangedPagesBody>,
  ): Promise<ChangedPagesAnswer> {
    await this.drawings(user, baseId, headId);
    const body = bodyOf();
    await this.counts.keepPageCount({
      base_version_id: baseId,
      head_version_id: headId,
      dpi: CHANGED_PAGES_DPI,
      changed_pages: body.changed,
      pages: body.pages,
      counted_by: user.id,
      counted_at: new Date().toISOString(),
    });
    return { count: presentPageCount(await this.counts.pageCount(baseId, headId, CHANGED_PAGES_DPI)) };
  }

  /** Both versions readable (pair checks each), and two drawings. */
  private async drawings(user: CurrentUser, baseId: string, headId: string): Promise<void> {
    const { kind } = await this.pair(user, baseId, headId);
    if (kind !== 'drawing') throw badRequest(NOT_DRAWINGS_MESSAGE);
  }

  private async readable(user: CurrentUser, versionId: string): Promise<CompareFile> {
    const version = await this.repo.findVersion(versionId);
    const item = version && (await this.repo.findItem(version.item_id));
    if (!version || !item) throw notFound('That version does not exist, or it was deleted');
    await this.access.requireAccess(user, { project: item.project_id }, 'read');
    return presentCompareFile(version, item.project_id);
  }
}
