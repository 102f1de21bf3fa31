import type { IdsCheck, IdsFailingObject } from '@penstock/shared';
import { nameGuid, writeBcf, type BcfViewpoint, type ExportTopic } from '../bcf/index.ts';

/** Components a topic's viewpoint names at most: BCF tools slow down on larger selections. */
export const MAX_BCF_COMPONENTS = 10_000;
/** Failing objects a topic's description lists. */
const LISTED = 20;

/**
 * A check as BCF 3.0 (issue 36 §3), written with the bcf module's building blocks: one topic per failing
 * specification, its failing objects as the viewpoint's selected components, the viewpoint showing only them
 * (visibility default off, the failing objects as exceptions). Guids are named after the check, the
 * specification and the objects, so exporting the same check twice gives the same file contents.
 */
export async function checkBcf(
  check: IdsCheck,
  failures: ReadonlyMap<number, readonly IdsFailingObject[]>,
  about: { modelName: string; author: string },
): Promise<Buffer> {
  const topics: ExportTopic[] = [];
  for (const spec of check.specifications) {
    if (spec.pass) continue;
    const objects = failures.get(spec.index) ?? [];
    const guids = objects.map((o) => o.globalId).filter((g): g is string => !!g);
    const shown = guids.slice(0, MAX_BCF_COMPONENTS);
    const topicGuid = nameGuid(`${check.id}/${spec.index}`);
    const viewpoints: BcfViewpoint[] = shown.length
      ? [
          {
            guid: nameGuid(`${check.id}/${spec.index}/viewpoint`),
            camera: null,
            selection: shown,
            visibility: { defaultVisibility: false, exceptions: shown },
            coloring: [{ color: 'E03131', guids: shown }],
          },
        ]
      : [];
    const lines = [
      `IDS ${check.idsFileName}${check.idsTitle ? ` (${check.idsTitle})` : ''}, model ${about.modelName}.`,
      spec.description ?? '',
      spec.reason ?? `${spec.failed} of ${spec.applicable} applicable objects fail.`,
      ...objects
        .slice(0, LISTED)
        .map(
          (o) =>
            `${o.globalId ?? `#${o.expressId}`} ${o.ifcClass}${o.name ? ` '${o.name}'` : ''}: ${o.failures.map((f) => f.found).join('; ')}`,
        ),
      objects.length > LISTED ? `… and ${objects.length - LISTED} more.` : '',
      guids.length > shown.length ? `The viewpoint shows the first ${shown.length} of them.` : '',
    ].filter(Boolean);
    topics.push({
      topic: {
        guid: topicGuid,
        topicType: 'Error',
        topicStatus: 'Open',
        title: `IDS: ${spec.name}`.slice(0, 200),
        description: lines.join('\n'),
        creationDate: check.finishedAt ?? check.createdAt,
        creationAuthor: about.author,
        modifiedDate: null,
        assignedTo: null,
        dueDate: null,
        comments: [],
      },
      viewpoints,
      snapshot: null,
    });
  }
  return writeBcf('3.0', topics, {
    topicTypes: ['Error'],
    topicStatuses: ['Open'],
    users: [about.author],
  });
}
