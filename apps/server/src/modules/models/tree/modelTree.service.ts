import type { CurrentUser } from '@penstock/shared';
import type { ConversionsTable } from '../../../db/schema.ts';
import { conflict, notFound } from '../../../http/errors.ts';
import type { AccessService } from '../../../security/access.ts';
import type { ModelsRepo } from '../models.repo.ts';
import { buildCategoryTree } from './modelTree.category.ts';
import { EncodedTreeCache, encodeTree, type EncodedTree } from './modelTree.presenter.ts';
import type { ModelTreeRepo } from './modelTree.repo.ts';
import { buildSpatialTree } from './modelTree.spatial.ts';
import type { ModelTree, TreeView } from './modelTree.types.ts';

/** The model tree panel's data: built here from the object index, so the browser only walks it. */
export class ModelTreeService {
  private readonly cache = new EncodedTreeCache();

  constructor(
    private readonly repo: ModelTreeRepo,
    private readonly models: ModelsRepo,
    private readonly access: AccessService,
  ) {}

  /** The tree of a converted model, encoded for sending; access is checked on every call, the tree cached. */
  async tree(user: CurrentUser, versionId: string, view: TreeView): Promise<EncodedTree> {
    const version = await this.models.findVersion(versionId);
    if (!version) throw notFound();
    // a non-member is answered as for a missing id
    await this.access.requireAccess(user, { project: version.project_id }, 'read');
    const conversion = await this.converted(versionId);
    const key = `${versionId}/${view}/${conversion.finished_at ?? ''}/${conversion.frag_hash}`;
    return this.cache.get(key, async () => encodeTree(await this.build(versionId, view, conversion)));
  }

  private async build(versionId: string, view: TreeView, conversion: ConversionsTable): Promise<ModelTree> {
    const rows = await this.repo.rows(versionId);
    if (view === 'category') return buildCategoryTree(rows);
    // the 2D viewables are the storeys, by elevation
    const viewables = JSON.parse(conversion.viewables) as Array<{ guid: string; role: string }>;
    const storeyRank = new Map<string, number>();
    viewables.forEach((viewable, rank) => {
      if (viewable.role === '2d' && viewable.guid) storeyRank.set(viewable.guid, rank);
    });
    return buildSpatialTree(rows, storeyRank);
  }

  /** The conversion of a converted model; 409 otherwise, as for its .frag. */
  private async converted(versionId: string): Promise<ConversionsTable> {
    const conversion = await this.models.findConversion(versionId);
    if (conversion?.state === 'done' && conversion.frag_hash) return conversion;
    if (conversion?.state === 'failed')
      throw conflict(`The model could not be converted: ${conversion.error ?? 'unknown reason'}`);
    if (conversion?.state === 'queued' || conversion?.state === 'running')
      throw conflict('The model is still being converted');
    throw conflict('This document has no converted model');
  }
}
