import {
  TAGS_IN_USE_LIMIT,
  tagKey,
  type TagsInUseAnswer,
  type CurrentUser,
  type RegisterEntry,
  type TagLookupAnswer,
  type TagLookupRequest,
  type TaggedModelObject,
} from '@penstock/shared';
import type { AccessService } from '../../security/access.ts';
import type { TagLookupRepo } from './tagLookup.repo.ts';

/**
 * POST /api/projects/:projectId/tag-lookup (issue 37 §2): which of a sketch's tags the project's models
 * and asset register know, so the sketch can show 'in model', 'not in model' or 'different class'. The
 * models are the newest converted version of each model file; an object counts when the tag is its own.
 */
export class TagLookupService {
  constructor(
    private readonly repo: TagLookupRepo,
    private readonly access: AccessService,
  ) {}

  async lookup(user: CurrentUser, projectId: string, request: TagLookupRequest): Promise<TagLookupAnswer> {
    await this.access.requireAccess(user, { project: projectId }, 'read');
    const keys = [...new Set(request.tags.map(tagKey))];
    const models = await this.repo.newestConvertedModels(projectId);
    const fileOf = new Map(models.map((model) => [model.version_id, model.file_name]));
    const objects = new Map<string, TaggedModelObject[]>();
    for (const row of await this.repo.taggedObjects([...fileOf.keys()], keys)) {
      const key = tagKey(row.tag);
      objects.set(key, [
        ...(objects.get(key) ?? []),
        {
          fileName: fileOf.get(row.version_id) ?? '',
          versionId: row.version_id,
          category: row.category,
          ifcClass: row.ifc_class,
          name: row.name,
        },
      ]);
    }
    const register = new Map<string, RegisterEntry[]>();
    for (const row of await this.repo.registerEntries(projectId, keys)) {
      const key = tagKey(row.tag);
      const entries = register.get(key) ?? [];
      if (!entries.some((entry) => entry.fileName === row.file_name && entry.category === row.category))
        entries.push({ fileName: row.file_name, category: row.category });
      register.set(key, entries);
    }
    return {
      models: models.map((model) => ({
        itemId: model.item_id,
        versionId: model.version_id,
        fileName: model.file_name,
      })),
      tags: request.tags.map((tag) => ({
        tag,
        objects: objects.get(tagKey(tag)) ?? [],
        register: register.get(tagKey(tag)) ?? [],
      })),
    };
  }

  /**
   * The project's tags that start with `stem` (models' own tags and the asset register), so a sketch can
   * suggest the next free number of the project's pattern, not only of its own tags (issue 37 §2).
   */
  async inUse(user: CurrentUser, projectId: string, stem: string): Promise<TagsInUseAnswer> {
    await this.access.requireAccess(user, { project: projectId }, 'read');
    const models = await this.repo.newestConvertedModels(projectId);
    const tags = await this.repo.tagsStartingWith(
      projectId,
      models.map((model) => model.version_id),
      stem,
      TAGS_IN_USE_LIMIT,
    );
    return { tags: tags.sort((a, b) => a.localeCompare(b)) };
  }
}
