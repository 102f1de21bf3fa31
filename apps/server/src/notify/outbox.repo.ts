import crypto from 'node:crypto';
import type { Db } from '../db/database.ts';
import type { EmailOutboxTable } from '../db/schema.ts';

export type OutboxRow = EmailOutboxTable;

export interface OutboxMessage {
  to: string;
  subject: string;
  text: string;
  /**
   * The text the outbox keeps once the message is delivered or given up, where `text` carries a secret
   * (an outside link's token, of which the database keeps only the hash); without it `text` is kept.
   */
  keptText?: string;
}

/** The e-mail outbox table: the only place that knows its SQL. */
export class OutboxRepo {
  constructor(private readonly db: Db) {}

  /** Adds messages due now. `db` may be a transaction, so they are written with the change they report. */
  async insert(messages: readonly OutboxMessage[], now: Date, db: Db = this.db): Promise<void> {
    if (messages.length === 0) return;
    const at = now.toISOString();
    await db
      .insertInto('email_outbox')
      .values(
        messages.map((m) => ({
          id: `em.${crypto.randomUUID()}`,
          to_address: m.to,
          subject: m.subject,
          body_text: m.text,
          kept_text: m.keptText ?? null,
          created_at: at,
          attempts: 0,
          next_attempt_at: at,
          sent_at: null,
          last_error: null,
        })),
      )
      .execute();
  }

  /** Unsent messages whose time has come, oldest first. */
  async due(now: Date, limit: number): Promise<OutboxRow[]> {
    return this.db
      .selectFrom('email_outbox')
      .selectAll()
      .where('sent_at', 'is', null)
      .where('next_attempt_at', 'is not', null)
      .where('next_attempt_at', '<=', now.toISOString())
      .orderBy('next_attempt_at')
      .orderBy('created_at')
      .orderBy('id')
      .limit(limit)
      .execute();
  }

  /**
   * Takes a due message for sending by moving its next attempt to `leaseUntil`; false when another sender
   * took it first. Should the process stop mid-send, the message is tried again once the lease runs out.
   */
  async claim(row: Pick<OutboxRow, 'id' | 'next_attempt_at'>, leaseUntil: Date): Promise<boolean> {
    if (row.next_attempt_at === null) return false;
    const result = await this.db
      .updateTable('email_outbox')
      .set({ next_attempt_at: leaseUntil.toISOString() })
      .where('id', '=', row.id)
      .where('sent_at', 'is', null)
      .where('next_attempt_at', '=', row.next_attempt_at)
      .executeTakeFirst();
    return Number(result.numUpdatedRows) === 1;
  }

  /** Marks it sent, keeping only its kept text (its secrets taken out) from now on. */
  async markSent(id: string, now: Date): Promise<void> {
    await this.db
      .updateTable('email_outbox')
      .set((eb) => ({
        sent_at: now.toISOString(),
        next_attempt_at: null,
        body_text: eb.fn.coalesce('kept_text', 'body_text'),
        kept_text: null,
      }))
      .where('id', '=', id)
      .execute();
  }

  /**
   * Records a failed attempt; `nextAttemptAt` null gives the message up (the row is kept, with its kept text
   * only, as after a delivery).
   */
  async markFailed(id: string, attempts: number, error: string, nextAttemptAt: Date | null): Promise<void> {
    await this.db
      .updateTable('email_outbox')
      .set((eb) => ({
        attempts,
        last_error: error,
        next_attempt_at: nextAttemptAt ? nextAttemptAt.toISOString() : null,
        ...(nextAttemptAt ? {} : { body_text: eb.fn.coalesce('kept_text', 'body_text'), kept_text: null }),
      }))
      .where('id', '=', id)
      .execute();
  }

  async get(id: string): Promise<OutboxRow | undefined> {
    return this.db.selectFrom('email_outbox').selectAll().where('id', '=', id).executeTakeFirst();
  }

  /** Every row, oldest first (for tests and diagnostics). */
  async all(): Promise<OutboxRow[]> {
    return this.db.selectFrom('email_outbox').selectAll().orderBy('created_at').orderBy('id').execute();
  }
}
