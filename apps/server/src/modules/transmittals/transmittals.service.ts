import crypto from 'node:crypto';
import {
  DEFAULT_PURPOSES,
  IssueTransmittalBodySchema,
  formatDate,
  manageTransmittalActionFor,
  transmittalCodeOf,
  transmittalNumber,
  type CurrentUser,
  type ProjectRole,
  type PurposesBody,
  type Transmittal,
  type TransmittalAccessEntry,
  type TransmittalPurpose,
  type TransmittalRegister,
  type TransmittalSummary,
} from '@penstock/shared';
import type { z } from 'zod';
import { isUniqueViolation } from '../../db/database.ts';
import { badRequest, conflict, notFound } from '../../http/errors.ts';
import type { AccessService, AfterAccess } from '../../security/access.ts';
import type { BlobStore } from '../../storage/blobStore.ts';
import { stateOfTrail, type DocumentFiles } from '../documents/index.ts';
import type { InfoStandardRepo } from '../infoStandard/index.ts';
import { coverSheetPdf } from './coverSheet.ts';
import { registerWorkbook } from './registerWorkbook.ts';
import { memberMessage, outsideMessage, type TransmittalMailFacts } from './transmittals.mail.ts';
import { presentRecipient, presentSummary } from './transmittals.presenter.ts';
import type { RecipientRow, TransmittalListRow, TransmittalsRepo } from './transmittals.repo.ts';
import { ResponseRecorder, type ResponseInput } from './responses.ts';

type IssueBody = z.output<typeof IssueTransmittalBodySchema>;

/** How the module reaches e-mail: whether it is on, the public address for links, and a kick to send. */
export interface TransmittalMail {
  enabled: boolean;
  publicUrl: string;
  sendQueued(): void;
}

const DAY_MS = 24 * 60 * 60_000;
/** where cover sheets are stored in each project */
export const COVER_SHEET_FOLDER = ['Published', 'Transmittals'] as const;

export const newToken = () => crypto.randomBytes(32).toString('base64url');
export const tokenHash = (token: string) => crypto.createHash('sha256').update(token).digest('hex');
export const sharedLink = (publicUrl: string, token: string) => `${publicUrl}/transmittal/${token}`;

/**
 * Transmittals (issue 35 §3) for signed-in people: issue, the register, one transmittal, acknowledgement
 * and response of member recipients, revoking outside links, the access log. Each call asks AccessService
 * first. An issue is one transaction: number, cover sheet version, documents, recipients and e-mails, or
 * nothing.
 */
export class TransmittalsService {
  private readonly responses: ResponseRecorder;

  constructor(
    private readonly repo: TransmittalsRepo,
    private readonly files: DocumentFiles,
    private readonly blobs: BlobStore,
    private readonly access: AccessService,
    private readonly mail: TransmittalMail,
    private readonly standards: InfoStandardRepo,
  ) {
    this.responses = new ResponseRecorder(repo, mail);
  }

  // ---- purposes of issue
  async purposes(user: CurrentUser, projectId: string): Promise<TransmittalPurpose[]> {
    await this.access.requireAccess(user, { project: projectId }, 'read');
    return this.purposesOf(projectId);
  }

  async savePurposes(
    user: CurrentUser,
    projectId: string,
    bodyOf: AfterAccess<PurposesBody>,
  ): Promise<TransmittalPurpose[]> {
    await this.access.requireAccess(user, { project: projectId }, 'editTransmittalPurposes');
    const body = bodyOf();
    await this.repo.replacePurposes(projectId, body.purposes);
    return this.purposesOf(projectId);
  }

  private async purposesOf(projectId: string): Promise<TransmittalPurpose[]> {
    const rows = await this.repo.purposesOf(projectId);
    if (rows.length === 0) return DEFAULT_PURPOSES.map((purpose) => ({ ...purpose }));
    return rows.map((row) => ({ name: row.name, asksResponse: !!row.asks_response }));
  }

  // ---- issue
  async issue(
    user: CurrentUser,
    projectId: string,
    bodyOf: AfterAccess<IssueBody>,
  ): Promise<{ transmittal: Transmittal; links: Array<{ email: string; url: string }> }> {
    await this.access.requireAccess(user, { project: projectId }, 'issueTransmittals');
    const body = bodyOf();
    const project = await this.repo.project(projectId);
    if (!project) throw notFound();
    const purpose = (await this.purposesOf(projectId)).find(
      (entry) => entry.name.toLowerCase() === body.purpose.toLowerCase(),
    );
    if (!purpose)
      throw badRequest(
        `purpose: '${body.purpose}' is not a purpose of issue of this project (${(await this.purposesOf(projectId)).map((p) => p.name).join(', ')})`,
      );
    const now = new Date();
    const today = formatDate(now, 'utc-date');
    if (purpose.asksResponse && !body.dueDate)
      throw badRequest(`dueDate: '${purpose.name}' asks for a response: give the date it is due`);
    if (body.dueDate && body.dueDate < today)
      throw badRequest('dueDate: the response cannot be due in the past');
    const dueDate = purpose.asksResponse ? body.dueDate : null;

    const versions = await this.repo.versionsOf(projectId, body.versionIds);
    const missing = body.versionIds.find((id) => !versions.some((v) => v.id === id));
    if (missing) throw badRequest(`versionIds: ${missing} is not a file version of this project`);
    const ordered = [...new Set(body.versionIds)].map((id) => versions.find((v) => v.id === id)!);

    const members = await this.repo.membersOf(projectId);
    const memberIds = [...new Set(body.memberIds)];
    const notMember = memberIds.find((id) => !members.some((m) => m.id === id));
    if (notMember) throw badRequest(`memberIds: ${notMember} is not a member of this project`);
    const seen = new Set<string>();
    const outside = body.outside.filter((person) => {
      const key = person.email.trim().toLowerCase();
      if (seen.has(key)) return false;
      seen.add(key);
      return true;
    });
    if (memberIds.length + outside.length === 0)
      throw badRequest('Add at least one recipient: a project member or an outside e-mail address');

    const transmittalId = `tr.${crypto.randomUUID()}`;
    const expiresAt = new Date(now.getTime() + body.linkDays * DAY_MS).toISOString();
    const links: Array<{ email: string; url: string }> = [];
    const recipients: RecipientRow[] = [
      ...memberIds.map((id) => {
        const member = members.find((m) => m.id === id)!;
        return this.recipientRow(transmittalId, 'member', member.name, member.email, id, null, null);
      }),
      ...outside.map((person) => {
        const token = newToken();
        links.push({ email: person.email, url: sharedLink(this.mail.publicUrl, token) });
        return this.recipientRow(
          transmittalId,
          'outside',
          person.name || person.email,
          person.email,
          null,
          tokenHash(token),
          expiresAt,
        );
      }),
    ];

    const folderId = await this.files.ensureFolderPath(projectId, COVER_SHEET_FOLDER);
    const state = stateOfTrail(await this.files.folderTrail(folderId));
    // numbers already issued are stored and never change; a new code applies from the next one
    const code = await this.projectCode(project);
    const issuedAt = now.toISOString();
    let cover: { id: string; file_name: string } | undefined;
    for (let attempt = 1; !cover; attempt++) {
      try {
        cover = await this.repo.transaction(async (unit) => {
          const sequence = await unit.transmittals.nextSequence(projectId);
          const number = transmittalNumber(code, sequence);
          const facts: TransmittalMailFacts = {
            number,
            projectName: project.name,
            senderName: user.name,
            purpose: purpose.name,
            dueDate,
            message: body.message,
            documents: ordered.map((v) => ({
              fileName: v.file_name,
              revision: v.revision,
              suitability: v.suitability,
            })),
          };
          const pdf = await coverSheetPdf({
            ...facts,
            projectName: project.name,
            sender: user.name,
            date: today,
            recipients: recipients.map((r) => ({ name: r.name, email: r.email, kind: r.kind as 'member' })),
          });
          const blob = await this.blobs.putBuffer(pdf);
          const { version } = await this.files.recordFile(
            unit.documents,
            state,
            user,
            { projectId, folderId },
            `${number} Cover sheet.pdf`,
            blob,
            {},
          );
          await unit.transmittals.insert(
            {
              id: transmittalId,
              project_id: projectId,
              sequence,
              number,
              purpose: purpose.name,
              asks_response: purpose.asksResponse ? 1 : 0,
              message: body.message,
              due_date: dueDate,
              sender_id: user.id,
              sender_name: user.name,
              cover_version_id: version.id,
              issued_at: issuedAt,
            },
            ordered.map((v, position) => ({
              transmittal_id: transmittalId,
              position,
              version_id: v.id,
              file_name: v.file_name,
              revision: v.revision,
              suitability: v.suitability,
            })),
            recipients,
          );
          if (this.mail.enabled) {
            const hubUrl = `${this.mail.publicUrl}/personalHub`;
            // member recipients have a user id; the outside ones follow them, in the order of their links
            const messages = recipients.map((r, i) =>
              r.user_id !== null
                ? memberMessage(facts, r.email, hubUrl)
                : outsideMessage(facts, r.email, links[i - memberIds.length]!.url, expiresAt),
            );
            await unit.outbox.insert(messages, now);
          }
          return version;
        });
      } catch (error) {
        // two issues at once took the same number: take the next one
        if (!isUniqueViolation(error) || attempt >= 5) throw error;
      }
    }
    await this.files.versionAdded(cover);
    if (this.mail.enabled) this.mail.sendQueued();
    return { transmittal: await this.detail(user, transmittalId), links };
  }

  /** The Project field's code of the project's information standard, else its name's initials. */
  private async projectCode(project: { id: string; name: string }): Promise<string> {
    const { standard } = await this.standards.standardOf(project.id);
    const field = standard.fields.find((f) => f.key === 'project');
    return transmittalCodeOf(project.name, field?.codes.map((c) => c.code) ?? []);
  }

  private recipientRow(
    transmittalId: string,
    kind: 'member' | 'outside',
    name: string,
    email: string,
    userId: string | null,
    hash: string | null,
    expiresAt: string | null,
  ): RecipientRow {
    return {
      id: `trr.${crypto.randomUUID()}`,
      transmittal_id: transmittalId,
      kind,
      user_id: userId,
      name,
      email,
      token_hash: hash,
      token_expires_at: expiresAt,
      token_revoked_at: null,
      acknowledged_at: null,
      responded_at: null,
      decision: null,
      comment: null,
      attachment_hash: null,
      attachment_name: null,
      attachment_size: null,
      reminded_at: null,
    };
  }

  // ---- reading
  async get(user: CurrentUser, id: string): Promise<Transmittal> {
    const row = await this.repo.find(id);
    if (!row) throw notFound();
    await this.access.requireAccess(user, { project: row.project_id }, 'read');
    return this.detail(user, id);
  }

  private async detail(user: CurrentUser, id: string): Promise<Transmittal> {
    const row = await this.repo.find(id);
    if (!row) throw notFound();
    const role = await this.access.memberRole(user, row.project_id);
    const recipients = await this.repo.recipientsOf([id]);
    const documents = await this.repo.documentsOf(id);
    const mine = recipients.find((r) => r.user_id === user.id);
    return {
      ...presentSummary(row, recipients, documents.length, user.id),
      message: row.message,
      documents: documents.map((d) => ({
        versionId: d.version_id,
        fileName: d.file_name,
        revision: d.revision,
        suitability: d.suitability,
        size: Number(d.size),
      })),
      recipients: recipients.map(presentRecipient),
      coverVersionId: row.cover_version_id,
      myRecipientId: mine?.id ?? null,
      mayManage: this.mayManage(user, role, row),
    };
  }

  private mayManage(user: CurrentUser, role: ProjectRole | undefined, row: TransmittalListRow): boolean {
    if (!role) return false;
    return this.access.allowsInProject(
      { member_role: role },
      manageTransmittalActionFor(user, { senderId: row.sender_id }),
    );
  }

  private async summaries(user: CurrentUser, rows: TransmittalListRow[]): Promise<TransmittalSummary[]> {
    const ids = rows.map((row) => row.id);
    const recipients = await this.repo.recipientsOf(ids);
    const counts = new Map((await this.repo.documentCounts(ids)).map((c) => [c.transmittal_id, Number(c.n)]));
    return rows.map((row) =>
      presentSummary(
        row,
        recipients.filter((r) => r.transmittal_id === row.id),
        counts.get(row.id) ?? 0,
        user.id,
      ),
    );
  }

  async register(
    user: CurrentUser,
    projectId: string,
  ): Promise<TransmittalRegister & { all: TransmittalSummary[] }> {
    await this.access.requireAccess(user, { project: projectId }, 'read');
    const all = await this.summaries(user, await this.repo.listOfProject(projectId));
    return {
      all,
      sent: all.filter((t) => t.sender.id === user.id),
      received: all.filter((t) => t.myStatus !== null),
      outstanding: all.filter((t) => t.outstanding > 0),
    };
  }

  async registerXlsx(user: CurrentUser, projectId: string): Promise<{ fileName: string; content: Buffer }> {
    const register = await this.register(user, projectId);
    const project = await this.repo.project(projectId);
    const name = project?.name ?? 'Project';
    return {
      fileName: `${await this.projectCode({ id: projectId, name })} Transmittal register.xlsx`,
      content: await registerWorkbook(name, register),
    };
  }

  /** The transmittals the user received and sent, in projects they still belong to (the Personal hub). */
  async mine(user: CurrentUser): Promise<{ received: TransmittalSummary[]; sent: TransmittalSummary[] }> {
    await this.access.requireAccess(user, { person: user.id }, 'listTransmittals');
    const projects = new Set((await this.access.memberProjects(user)).map((p) => p.id));
    const visible = (rows: TransmittalListRow[]) => rows.filter((row) => projects.has(row.project_id));
    return {
      received: await this.summaries(user, visible(await this.repo.receivedBy(user.id))),
      sent: await this.summaries(user, visible(await this.repo.sentBy(user.id))),
    };
  }

  // ---- member recipients' answers
  async acknowledge(user: CurrentUser, id: string): Promise<Transmittal> {
    const line = await this.myLine(user, id);
    await this.responses.acknowledge(line, null);
    return this.detail(user, id);
  }

  async respond(user: CurrentUser, id: string, inputOf: () => Promise<ResponseInput>): Promise<Transmittal> {
    const line = await this.myLine(user, id);
    await this.responses.respond(line, inputOf, null);
    return this.detail(user, id);
  }

  /** The user's recipient line of a transmittal of a project they read (403 for members not listed). */
  private async myLine(user: CurrentUser, id: string): Promise<RecipientRow> {
    const row = await this.repo.find(id);
    if (!row) throw notFound();
    await this.access.requireAccess(user, { project: row.project_id }, 'read');
    const line = (await this.repo.recipientsOf([id])).find((r) => r.user_id === user.id);
    if (!line) {
      await this.access.requireAccess(
        user,
        { listed: { userId: null, name: 'its recipients' } },
        'answerTransmittal',
      );
      throw notFound();
    }
    return line;
  }

  /** A recipient's response attachment, for the project's members. */
  async attachment(user: CurrentUser, id: string, recipientId: string) {
    const row = await this.repo.find(id);
    if (!row) throw notFound();
    await this.access.requireAccess(user, { project: row.project_id }, 'read');
    const line = await this.repo.findRecipient(recipientId);
    if (!line || line.transmittal_id !== id || !line.attachment_hash || !line.attachment_name)
      throw notFound();
    return {
      fileName: line.attachment_name,
      size: Number(line.attachment_size ?? 0),
      hash: line.attachment_hash,
      stream: this.blobs.createReadStream(line.attachment_hash),
    };
  }

  // ---- the sender's (or a manager's) controls
  async revoke(user: CurrentUser, id: string, recipientId: string): Promise<Transmittal> {
    const row = await this.requireManage(user, id);
    const line = await this.repo.findRecipient(recipientId);
    if (!line || line.transmittal_id !== row.id || line.kind !== 'outside')
      throw notFound('No outside recipient of this transmittal has that id');
    if (line.token_revoked_at) throw conflict('The link is revoked already');
    await this.repo.revoke(line.id, new Date().toISOString());
    return this.detail(user, id);
  }

  async accessLog(user: CurrentUser, id: string): Promise<TransmittalAccessEntry[]> {
    await this.requireManage(user, id);
    return (await this.repo.accessLog(id)).map((entry) => ({
      at: entry.at,
      recipientEmail: entry.email,
      action: entry.action as TransmittalAccessEntry['action'],
      fileName: entry.file_name,
      address: entry.address,
    }));
  }

  private async requireManage(user: CurrentUser, id: string): Promise<TransmittalListRow> {
    const row = await this.repo.find(id);
    if (!row) throw notFound();
    await this.access.requireAccess(
      user,
      { project: row.project_id },
      manageTransmittalActionFor(user, { senderId: row.sender_id }),
    );
    return row;
  }
}
