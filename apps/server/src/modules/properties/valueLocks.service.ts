import {
  applyLockChange,
  findAssetType,
  type CurrentUser,
  type LockState,
  type LockValuesBody,
  type ValueHistoryEntry,
  type ValueHistoryQuery,
} from '@penstock/shared';
import { badRequest } from '../../http/errors.ts';
import type { AccessService } from '../../security/access.ts';
import type { ValueLocksRepo } from './valueLocks.repo.ts';

let lastInstant = 0;
/**
 * Now, as ISO text, strictly later than the last instant this process gave: the history is read in time
 * order, and a lock and an unlock within one millisecond must keep their order.
 */
export function nextInstant(): string {
  lastInstant = Math.max(Date.now(), lastInstant + 1);
  return new Date(lastInstant).toISOString();
}

const names = (json: string): string[] => JSON.parse(json) as string[];

/** Locks of dynamic values (issue 31): project managers lock and unlock; everyone reads the history. */
export class ValueLocksService {
  constructor(
    private readonly repo: ValueLocksRepo,
    private readonly access: AccessService,
  ) {}

  /** POST /api/properties/lock: one value (propName) or all of an object's values; a history line per change. */
  async lock(user: CurrentUser, projectId: string, body: () => LockValuesBody): Promise<LockState> {
    await this.access.requireAccess(user, { project: projectId }, 'lockValues');
    const input = { ...body(), projectId };
    const stored = await this.repo.lockRow(input.projectId, input.fileName, input.tag);
    const category = stored?.category || input.category || '';
    const dynamicNames = findAssetType(category)?.dynamicProps;
    if (input.propName !== undefined && dynamicNames && !dynamicNames.includes(input.propName))
      throw badRequest(`'${input.propName}' is not a dynamic property of ${category} objects`);
    const storedNames = stored
      ? (JSON.parse(stored.values) as { propName: string }[]).map((v) => v.propName)
      : [];
    const next = applyLockChange(
      { locked: Number(stored?.locked ?? 0) === 1, lockedProps: stored ? names(stored.locked_props) : [] },
      input,
      [...(dynamicNames ?? []), ...storedNames],
    );
    if (next.changed) {
      const at = nextInstant();
      await this.repo.setLock(
        {
          projectId: input.projectId,
          fileName: input.fileName,
          tag: input.tag,
          guid: input.guId ?? '',
          category,
          locked: next.locked,
          lockedProps: next.lockedProps,
          userId: user.id,
          at,
        },
        {
          project_id: input.projectId,
          file_name: input.fileName,
          tag: input.tag,
          prop_name: input.propName ?? null,
          action: input.locked ? 'locked' : 'unlocked',
          by_id: user.id,
          by_name: user.name,
          at,
        },
      );
    }
    return { tag: input.tag, locked: next.locked, lockedProps: next.lockedProps };
  }

  /** GET /api/properties/history: an object's lock changes, oldest first. */
  async history(
    user: CurrentUser,
    projectId: string,
    query: () => ValueHistoryQuery,
  ): Promise<ValueHistoryEntry[]> {
    await this.access.requireAccess(user, { project: projectId }, 'read');
    const input = { ...query(), projectId };
    const lines = await this.repo.history(input.projectId, input.fileName, input.tag);
    return lines.map((line) => ({
      propName: line.prop_name,
      action: line.action === 'unlocked' ? 'unlocked' : 'locked',
      byName: line.by_name,
      at: line.at,
    }));
  }
}
