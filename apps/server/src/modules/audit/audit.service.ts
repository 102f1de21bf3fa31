import crypto from 'node:crypto';
import type { FastifyBaseLogger } from 'fastify';
import {
  AUDIT_PAGE_SIZE,
  type AuditAction,
  type AuditEntry,
  type AuditPage,
  type CurrentUser,
} from '@penstock/shared';
import { badRequest } from '../../http/errors.ts';
import { EVERYWHERE, type AccessService } from '../../security/access.ts';
import type { AuditLogTable } from '../../db/schema.ts';
import type { AuditRepo } from './audit.repo.ts';

export interface AuditEvent {
  action: AuditAction;
  /** who acted (the signed-in user, or the account a sign-in was for) */
  actor: { id: string; email: string } | null;
  /** the email typed at a failed sign-in with no such account */
  actorEmail?: string;
  target?: string | null;
  outcome?: 'ok' | 'refused';
  detail?: Record<string, unknown> | null;
  ip?: string | null;
}

const present = (row: AuditLogTable): AuditEntry => ({
  id: row.id,
  at: row.at,
  actorId: row.actor_id,
  actorEmail: row.actor_email,
  action: row.action as AuditAction,
  target: row.target,
  outcome: row.outcome === 'refused' ? 'refused' : 'ok',
  detail: row.detail ? (JSON.parse(row.detail) as Record<string, unknown>) : null,
  ip: row.ip,
});

const cursorOf = (row: AuditLogTable) => Buffer.from(`${row.at}\n${row.id}`).toString('base64url');
function parseCursor(cursor: string): { at: string; id: string } {
  const [at, id] = Buffer.from(cursor, 'base64url').toString('utf8').split('\n');
  if (!at || !id || Number.isNaN(Date.parse(at)))
    throw badRequest('Invalid cursor: use the next value of the previous page');
  return { at, id };
}

/** Entries of one millisecond keep their order: (at, id) sorts as they were written by this server. */
let sequence = 0;
const entryId = () =>
  `${(sequence = (sequence + 1) % 1e9).toString().padStart(9, '0')}.${crypto.randomBytes(6).toString('hex')}`;

/**
 * The audit log (issue 16): sign-ins, failed sign-ins and administrative actions, kept in the database and
 * read by administrators. Recording never fails the action it records: a write that fails is logged.
 */
export class AuditLog {
  constructor(
    private readonly repo: AuditRepo,
    private readonly access: AccessService,
    private readonly log?: Pick<FastifyBaseLogger, 'error'>,
  ) {}

  async record(event: AuditEvent): Promise<void> {
    try {
      await this.repo.insert({
        id: entryId(),
        at: new Date().toISOString(),
        actor_id: event.actor?.id ?? null,
        actor_email: event.actor?.email ?? event.actorEmail ?? null,
        action: event.action,
        target: event.target ?? null,
        outcome: event.outcome ?? 'ok',
        detail: event.detail ? JSON.stringify(event.detail) : null,
        ip: event.ip ?? null,
      });
    } catch (error) {
      this.log?.error({ err: error, audit: event }, 'the audit log could not be written');
    }
  }

  /** GET /api/admin/audit: administrators only, newest first. */
  async list(user: CurrentUser, before?: string, limit = AUDIT_PAGE_SIZE): Promise<AuditPage> {
    await this.access.requireAccess(user, EVERYWHERE, 'readAuditLog');
    const size = Math.min(Math.max(1, limit), AUDIT_PAGE_SIZE);
    const rows = await this.repo.list(size + 1, before ? parseCursor(before) : undefined);
    const page = rows.slice(0, size);
    return {
      entries: page.map(present),
      next: rows.length > size ? cursorOf(page[page.length - 1]!) : null,
    };
  }
}
