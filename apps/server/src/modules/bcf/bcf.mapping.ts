/**
 * Pure rules of BCF import: statuses and types, the links of a topic's main viewpoint (with its viewer
 * state), whether a topic may change an issue Penstock already has, and which comments of a topic are new.
 */
import { ISSUE_TYPES, type IssueStatus, type IssueType, type LinkedDocument } from '@penstock/shared';
import type { ResolvedObject } from './bcf.repo.ts';
import { commentStatusText, viewpointCommentText } from './bcf.stored.ts';
import type { BcfComment, BcfTopic, BcfViewpoint } from './bcf.types.ts';
import {
  componentGuids,
  referencedGuids,
  viewerStateOfViewpoint,
  type VersionObject,
} from './bcf.viewpoint.ts';
import { bcfInstant, GUID, nameGuid } from './bcf.xmlio.ts';

/** BCF statuses of other tools, mapped to Penstock's; anything unknown is 'open'. */
const STATUS_ALIASES: Record<string, IssueStatus> = {
  open: 'open',
  new: 'open',
  active: 'open',
  in_progress: 'answered',
  answered: 'answered',
  resolved: 'answered',
  solved: 'answered',
  closed: 'closed',
  done: 'closed',
  void: 'void',
  rejected: 'void',
};
export const statusFromBcf = (value: string): IssueStatus =>
  STATUS_ALIASES[
    value
      .trim()
      .toLowerCase()
      .replace(/[\s-]+/g, '_')
  ] ?? 'open';
export const typeFromBcf = (value: string): IssueType =>
  (ISSUE_TYPES as readonly string[]).includes(value) ? (value as IssueType) : 'quality_issues';

/** The guid of each version's 3D viewable, from the conversions' viewables JSON (see jobs/ifcExtract.ts). */
export function viewableGuids(
  rows: ReadonlyArray<{ versionId: string; viewables: string }>,
): Map<string, string> {
  const result = new Map<string, string>();
  for (const row of rows) {
    try {
      const list = JSON.parse(row.viewables) as Array<{ guid?: unknown; role?: unknown }>;
      const viewable = list.find((v) => v.role === '3d');
      if (typeof viewable?.guid === 'string') result.set(row.versionId, viewable.guid);
    } catch {
      // a conversion without readable viewables links without one
    }
  }
  return result;
}

/** The viewpoint a topic is shown by: the first that selects anything, else the first. */
export const mainViewpoint = <T extends { selection: readonly string[] }>(viewpoints: readonly T[]) =>
  viewpoints.find((v) => v.selection.length) ?? viewpoints[0];

/**
 * The objects each IfcGuid stands for among the project's models: of an item's versions only the newest
 * that has any of these objects counts.
 */
export function objectsByGuid(resolved: readonly ResolvedObject[]): Map<string, VersionObject[]> {
  const newest = new Map<string, number>();
  for (const o of resolved) newest.set(o.itemId, Math.max(newest.get(o.itemId) ?? 0, o.versionNumber));
  const byGuid = new Map<string, VersionObject[]>();
  const sorted = [...resolved].sort(
    (a, b) => a.versionId.localeCompare(b.versionId) || a.localId - b.localId,
  );
  for (const o of sorted) {
    if (newest.get(o.itemId) !== o.versionNumber) continue;
    const list = byGuid.get(o.guid) ?? [];
    list.push({ versionId: o.versionId, localId: o.localId });
    byGuid.set(o.guid, list);
  }
  return byGuid;
}

/**
 * The links of an imported topic, from its main viewpoint: one per model whose objects it selects (the one
 * with the most selected objects first); when it selects nothing found, one per model its other components
 * (visibility exceptions, colours) are in. Each link's viewer state is the whole viewpoint seen from that
 * model (viewerStateOfViewpoint), its objectId the first selected object of the model.
 */
export function linksFromViewpoint(
  viewpoint: BcfViewpoint | undefined,
  resolved: readonly ResolvedObject[],
  viewableOf: (versionId: string) => string,
): LinkedDocument[] {
  if (!viewpoint) return [];
  const wanted = new Set(componentGuids(viewpoint));
  // the measurements' models too, so that a measurement keeps its model (they choose no link)
  const looked = new Set(referencedGuids(viewpoint));
  const byGuid = objectsByGuid(resolved.filter((o) => looked.has(o.guid)));
  const objectsOf = (guid: string) => byGuid.get(guid) ?? [];
  const count = (guids: readonly string[]) => {
    const counts = new Map<string, number>();
    for (const guid of new Set(guids))
      for (const o of objectsOf(guid)) counts.set(o.versionId, (counts.get(o.versionId) ?? 0) + 1);
    return counts;
  };
  const selected = count(viewpoint.selection);
  const all = count([...wanted]);
  const versions = [...(selected.size ? selected : all).keys()].sort(
    (a, b) =>
      (selected.get(b) ?? 0) - (selected.get(a) ?? 0) ||
      (all.get(b) ?? 0) - (all.get(a) ?? 0) ||
      a.localeCompare(b),
  );
  return versions.map((versionId) => {
    const viewerState = viewerStateOfViewpoint(viewpoint, versionId, objectsOf);
    const firstGuid = viewpoint.selection.find((guid) =>
      objectsOf(guid).some((o) => o.versionId === versionId),
    );
    const first = firstGuid
      ? objectsOf(firstGuid).find((o) => o.versionId === versionId)?.localId
      : undefined;
    return {
      documentId: versionId,
      details: {
        viewableGuid: viewableOf(versionId),
        // where on the model the issue is pinned is not in BCF; the camera and components say what to show
        position: { x: 0, y: 0, z: 0 },
        objectId: first ?? null,
        object: firstGuid ? { versionId, globalId: firstGuid } : null,
        viewerState,
      },
    };
  });
}

/**
 * BCF 1.0 topics have no TopicStatus, CreationDate or ModifiedDate (tools kept the status in the comments'
 * VerbalStatus), and some 2.0 writers leave them out too: the newest comment with a VerbalStatus gives the
 * status, and the first and last comment dates the topic's. Fields the topic has are kept.
 */
export function completeFromComments(topic: BcfTopic): BcfTopic {
  const dated = topic.comments
    .map((c) => ({ c, at: bcfInstant(c.date) }))
    .filter((d): d is { c: BcfComment; at: string } => d.at !== null)
    .sort((a, b) => a.at.localeCompare(b.at));
  const verbal = [...dated].reverse().find((d) => d.c.verbalStatus)?.c.verbalStatus;
  return {
    ...topic,
    topicStatus: topic.topicStatus || verbal || '',
    creationDate: topic.creationDate || dated[0]?.c.date || '',
    modifiedDate: topic.modifiedDate ?? (topic.creationDate ? null : (dated.at(-1)?.c.date ?? null)),
  };
}

/** When the topic last changed, by its ModifiedDate or else its CreationDate (ISO), or null. */
export function topicChangedAt(topic: BcfTopic): string | null {
  return bcfInstant(topic.modifiedDate) ?? bcfInstant(topic.creationDate);
}

export type TopicDecision = { kind: 'update' } | { kind: 'unchanged' } | { kind: 'skipped'; reason: string };

/**
 * Whether a topic may change the issue Penstock already has with its Guid: only when the topic changed
 * after the issue's last change in Penstock. Changed at the same instant, it is the version Penstock has
 * (an import sets the issue's last change to the topic's date), so nothing is written; an issue changed
 * in Penstock since keeps its fields, and the answer says why. A topic with no date cannot show it is newer.
 */
export function decideTopic(topic: BcfTopic, issueUpdatedAt: string): TopicDecision {
  const topicAt = topicChangedAt(topic);
  if (!topicAt)
    return {
      kind: 'skipped',
      reason:
        'The topic has no ModifiedDate or CreationDate to compare with the issue’s last change in Penstock',
    };
  const penstock = new Date(issueUpdatedAt).getTime();
  const file = new Date(topicAt).getTime();
  if (penstock > file) {
    const which = bcfInstant(topic.modifiedDate) ? 'ModifiedDate' : 'CreationDate';
    return {
      kind: 'skipped',
      reason: `Changed in Penstock on ${new Date(penstock).toISOString()}, after the topic’s ${which} ${topicAt}`,
    };
  }
  return penstock === file ? { kind: 'unchanged' } : { kind: 'update' };
}

/** A comment of a topic to add: its text for Penstock and the BCF identity to keep with it. */
export interface NewComment {
  guid: string;
  date: string;
  author: string;
  body: string;
  viewpoint: string | null;
}

/**
 * The topic's comments that the issue does not have yet, in file order. A comment is known by its BCF Guid
 * or by its date and text. A BCF 1.0/2.0 comment's status is shown on a line after its text (a comment
 * that is only a status change, with an empty text, is kept as that line). A comment with only a viewpoint
 * gets the text viewpointCommentText gives; one with none of these has nothing to keep.
 */
export function newComments(
  topicGuid: string,
  comments: readonly BcfComment[],
  viewpoints: readonly BcfViewpoint[],
  known: { guids: ReadonlySet<string>; keys: ReadonlySet<string> },
  fallbackDate: string,
): NewComment[] {
  const guids = new Set(known.guids);
  const keys = new Set(known.keys);
  const result: NewComment[] = [];
  for (const c of comments) {
    const text = [c.comment, commentStatusText(c)].filter(Boolean).join('\n');
    const body = text || (c.viewpointGuid ? viewpointCommentText(c.viewpointGuid, viewpoints) : '');
    if (!body) continue;
    const date = bcfInstant(c.date) ?? fallbackDate;
    const key = `${date}\n${body}`;
    const guid = GUID.test(c.guid) ? c.guid.toLowerCase() : nameGuid(`${topicGuid}/${key}`);
    if (guids.has(guid) || keys.has(key)) continue;
    guids.add(guid);
    keys.add(key);
    const viewpoint =
      c.viewpointGuid && viewpoints.some((v) => v.guid === c.viewpointGuid) ? c.viewpointGuid : null;
    result.push({ guid, date, author: c.author, body, viewpoint });
  }
  return result;
}
