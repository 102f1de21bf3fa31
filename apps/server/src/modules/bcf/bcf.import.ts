/** BCF import: a read and checked file written as issues, comments and stored viewpoints in one transaction. */
import crypto from 'node:crypto';
import type { CurrentUser, ProjectUser } from '@penstock/shared';
import { parseLinkedDocuments, type IssuesRepo, type IssuesService } from '../issues/index.ts';
import { readBcf } from './bcf.archive.ts';
import {
  decideTopic,
  linksFromViewpoint,
  newComments,
  statusFromBcf,
  topicChangedAt,
  typeFromBcf,
  mainViewpoint,
  viewableGuids,
} from './bcf.mapping.ts';
import { presentImport, type BcfImportAnswer, type SkippedTopic } from './bcf.presenter.ts';
import type { BcfRepo, ResolvedObject } from './bcf.repo.ts';
import { formatStoredBcf, parseStoredBcf, type StoredComment } from './bcf.stored.ts';
import type { ParsedTopic } from './bcf.types.ts';
import { referencedGuids } from './bcf.viewpoint.ts';
import type { BlobStore } from '../../storage/blobStore.ts';
import { bcfInstant } from './bcf.xmlio.ts';

interface Tally {
  created: number;
  updated: number;
  unchanged: number;
  skipped: SkippedTopic[];
  ids: string[];
}

/** A topic's snapshot, stored: its blob and type. */
type StoredSnapshot = { hash: string; type: string };

export class BcfImporter {
  constructor(
    private readonly issues: IssuesService,
    private readonly repo: BcfRepo,
    private readonly blobs: BlobStore,
  ) {}

  /** The caller has checked the user may edit the project's issues. */
  async run(user: CurrentUser, projectId: string, content: Buffer): Promise<BcfImportAnswer> {
    const { topics } = await readBcf(content);
    const members = (await this.issues.projectUsers(user, projectId)).data.results;
    const resolved = await this.repo.objectsByGuid(
      projectId,
      topics.flatMap(({ viewpoints }) => viewpoints.flatMap(referencedGuids)),
    );
    // the pictures go to the blob store first (the collector removes any a failed import leaves behind)
    const snapshots = new Map<string, StoredSnapshot>();
    for (const { topic, snapshot } of topics)
      if (snapshot)
        snapshots.set(topic.guid, {
          hash: (await this.blobs.putBuffer(snapshot.bytes)).hash,
          type: snapshot.type,
        });
    const viewables = viewableGuids(
      await this.repo.viewablesOf([...new Set(resolved.map((o) => o.versionId))]),
    );
    const tally: Tally = { created: 0, updated: 0, unchanged: 0, skipped: [], ids: [] };
    await this.repo.transaction(async (issues) => {
      const at = new Date().toISOString();
      const write = new TopicWriter(issues, user, projectId, members, resolved, viewables, snapshots, at);
      for (const parsed of topics) await write.topic(parsed, tally);
    });
    const issues = await this.issues.list(user, projectId);
    return presentImport(tally, issues);
  }
}

/** Writes one topic at a time, inside the import's transaction. */
class TopicWriter {
  constructor(
    private readonly issues: IssuesRepo,
    private readonly user: CurrentUser,
    private readonly projectId: string,
    private readonly members: readonly ProjectUser[],
    private readonly resolved: readonly ResolvedObject[],
    private readonly viewables: ReadonlyMap<string, string>,
    private readonly snapshots: ReadonlyMap<string, StoredSnapshot>,
    private readonly at: string,
  ) {}

  private memberOf(email: string | null): ProjectUser | undefined {
    if (!email) return undefined;
    return this.members.find((m) => m.email.toLowerCase() === email.toLowerCase());
  }

  private idOfEmail(email: string | null): string | null {
    return this.memberOf(email)?.autodeskId ?? null;
  }

  /** A member's name, as Penstock shows its own comments (an export writes the email); else as in the file. */
  private nameOf(author: string): string {
    const member = this.memberOf(author);
    return (member ? `${member.firstName} ${member.lastName}`.trim() : '') || author || 'Unknown';
  }

  async topic({ topic, viewpoints }: ParsedTopic, tally: Tally): Promise<void> {
    const links = linksFromViewpoint(
      mainViewpoint(viewpoints),
      this.resolved,
      (versionId) => this.viewables.get(versionId) ?? '',
    );
    const changedAt = topicChangedAt(topic);
    const fields = {
      type: typeFromBcf(topic.topicType),
      status: statusFromBcf(topic.topicStatus),
      title: topic.title.slice(0, 200),
      description: topic.description,
      assignee_id: this.idOfEmail(topic.assignedTo),
      due_date: /^\d{4}-\d{2}-\d{2}/.test(topic.dueDate ?? '') ? topic.dueDate!.slice(0, 10) : null,
      // the issue's last change is the topic's, so a later import of the same topic changes nothing
      updated_at: changedAt ?? this.at,
    };
    // a topic without a snapshot leaves the issue's own
    const snapshot = this.snapshots.get(topic.guid);
    const picture = snapshot ? { snapshot_hash: snapshot.hash, snapshot_type: snapshot.type } : {};
    const existing = await this.issues.findByGuid(this.projectId, topic.guid);
    let issueId: string;
    let before: string | null = null;
    // the file's labels replace the kept ones whenever its fields are taken (new or updated topic)
    let stored = { viewpoints, comments: [] as StoredComment[], labels: topic.labels ?? [] };
    if (!existing) {
      issueId = `q.${crypto.randomUUID()}`;
      await this.issues.insert({
        id: issueId,
        project_id: this.projectId,
        guid: topic.guid,
        ...fields,
        linked_documents: JSON.stringify(links),
        bcf_viewpoints: null,
        snapshot_hash: snapshot?.hash ?? null,
        snapshot_type: snapshot?.type ?? null,
        created_by: this.user.id,
        created_at: bcfInstant(topic.creationDate) ?? this.at,
      });
      tally.created++;
    } else {
      issueId = existing.id;
      before = existing.bcf_viewpoints;
      const kept = parseStoredBcf(existing.bcf_viewpoints);
      const decision = decideTopic(topic, existing.updated_at);
      if (decision.kind === 'update') {
        // links to the models the file selects replace those to the same documents; others stay
        const others = parseLinkedDocuments(existing.linked_documents).filter(
          (link) => !links.some((l) => l.documentId === link.documentId),
        );
        await this.issues.update(issueId, {
          ...fields,
          ...picture,
          ...(links.length ? { linked_documents: JSON.stringify([...links, ...others]) } : {}),
        });
        stored = { viewpoints, comments: kept.comments, labels: topic.labels ?? [] };
        tally.updated++;
      } else {
        stored = kept;
        if (decision.kind === 'unchanged') tally.unchanged++;
        else tally.skipped.push({ guid: topic.guid, title: existing.title, reason: decision.reason });
      }
    }
    // new comments are added whatever the decision: a comment never overwrites anything
    const rows = existing ? await this.issues.commentsOf([issueId]) : [];
    const live = new Set(rows.map((r) => r.id));
    stored.comments = stored.comments.filter((c) => live.has(c.id));
    const known = {
      guids: new Set([...stored.comments.map((c) => c.guid), ...rows.map((r) => r.id.replace(/^c\./, ''))]),
      keys: new Set(rows.map((r) => `${r.created_at}\n${r.body}`)),
    };
    for (const comment of newComments(topic.guid, topic.comments, stored.viewpoints, known, this.at)) {
      const row = await this.issues.addComment({
        issue_id: issueId,
        author_id: this.idOfEmail(comment.author),
        author_name: this.nameOf(comment.author),
        body: comment.body,
        created_at: comment.date,
      });
      stored.comments.push({ id: row.id, guid: comment.guid, viewpoint: comment.viewpoint });
    }
    const after = formatStoredBcf(stored.viewpoints, stored.comments, stored.labels);
    if (after !== before) await this.issues.update(issueId, { bcf_viewpoints: after });
    tally.ids.push(issueId);
  }
}
