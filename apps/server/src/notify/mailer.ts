import type { FastifyBaseLogger } from 'fastify';
import nodemailer, { type Transporter } from 'nodemailer';
import type { Db } from '../db/database.ts';
import type { SmtpSettings } from '../env.ts';
import { OutboxRepo, type OutboxMessage, type OutboxRow } from './outbox.repo.ts';

export type { OutboxMessage } from './outbox.repo.ts';

/** After the 1st, 2nd, ... failed attempt, wait this long; the 6th failure gives the message up. */
export const RETRY_DELAYS_MS = [30_000, 2 * 60_000, 10 * 60_000, 60 * 60_000, 6 * 60 * 60_000] as const;
export const MAX_ATTEMPTS = 6;
/** A message being sent is not picked up again for this long (a stopped process's send is retried after). */
const CLAIM_LEASE_MS = 10 * 60_000;
const BATCH = 50;
const ERROR_MAX = 500;

export interface NotifierOptions {
  /** undefined: e-mail is off, and queue() does nothing */
  smtp: SmtpSettings | undefined;
  log?: Pick<FastifyBaseLogger, 'info' | 'warn' | 'error'>;
  /** how often unsent messages that are due are looked for (30 s) */
  pollMs?: number;
}

/**
 * E-mail notifications through the outbox table. The caller queues messages after its change is
 * committed; they are stored and sent in the background (never awaited by the request), and a failed send
 * is retried with back-off (30 s, 2 min, 10 min, 1 h, 6 h; given up after 6 attempts, the row kept). A
 * timer sends what is due, including messages left unsent by a previous run. Nothing here throws to the
 * caller: failures are logged.
 */
export class Notifier {
  /** whether SMTP settings were given */
  readonly enabled: boolean;
  private readonly repo: OutboxRepo;
  private readonly transporter: Transporter | undefined;
  private timer: NodeJS.Timeout | undefined;
  /** the passes over due messages, one after another */
  private chain: Promise<void> = Promise.resolve();
  /** a pass is queued and has not started: another kick need not queue one */
  private passQueued = false;
  private stopped = false;

  constructor(
    db: Db,
    private readonly options: NotifierOptions,
  ) {
    this.repo = new OutboxRepo(db);
    const smtp = options.smtp;
    this.enabled = !!smtp;
    this.transporter = smtp
      ? nodemailer.createTransport(
          {
            host: smtp.host,
            port: smtp.port,
            secure: smtp.secure,
            auth: smtp.user && smtp.password ? { user: smtp.user, pass: smtp.password } : undefined,
            connectionTimeout: 15_000,
            greetingTimeout: 15_000,
            socketTimeout: 60_000,
          },
          { from: smtp.from },
        )
      : undefined;
  }

  /** Starts the timer and sends what is already due (messages left by a previous run). */
  start(): void {
    if (!this.enabled || this.stopped || this.timer) return;
    this.timer = setInterval(() => this.kick(), this.options.pollMs ?? 30_000);
    this.timer.unref();
    this.kick();
  }

  /**
   * Stores the messages and starts sending them in the background; resolves once they are stored. Call it
   * after the change the messages report is committed. Without SMTP settings it does nothing. Never throws.
   */
  async queue(messages: readonly OutboxMessage[]): Promise<void> {
    if (!this.enabled) return;
    const valid = messages.filter((m) => m.to.trim() !== '');
    if (valid.length === 0) return;
    try {
      await this.repo.insert(valid, new Date());
    } catch (error) {
      this.options.log?.error({ err: error }, 'e-mail notifications could not be queued');
      return;
    }
    this.kick();
  }

  /** Sends what is due in the background (not awaited). */
  kick(): void {
    if (!this.enabled || this.stopped || this.passQueued) return;
    this.passQueued = true;
    this.chain = this.chain.then(async () => {
      this.passQueued = false;
      if (await this.pass(new Date())) this.kick();
    });
  }

  /** Sends every message due at `now` (default: now) and resolves when done; for tests and tools. */
  async flushDue(now: Date = new Date()): Promise<void> {
    if (!this.enabled || this.stopped) return;
    const run = this.chain.then(async () => {
      while (!this.stopped && (await this.pass(now)));
    });
    this.chain = run;
    await run;
  }

  /** Stops the timer, waits for a send in progress and closes the SMTP connection. */
  async stop(): Promise<void> {
    this.stopped = true;
    if (this.timer) clearInterval(this.timer);
    this.timer = undefined;
    await this.chain;
    this.transporter?.close();
  }

  /** One pass over the due messages; true when a full batch was found (there may be more). */
  private async pass(now: Date): Promise<boolean> {
    if (this.stopped) return false;
    try {
      const rows = await this.repo.due(now, BATCH);
      for (const row of rows) {
        if (this.stopped) return false;
        if (!(await this.repo.claim(row, new Date(Date.now() + CLAIM_LEASE_MS)))) continue;
        await this.send(row);
      }
      return rows.length === BATCH && !this.stopped;
    } catch (error) {
      this.options.log?.error({ err: error }, 'e-mail outbox could not be read or updated');
      return false;
    }
  }

  private async send(row: OutboxRow): Promise<void> {
    try {
      await this.transporter!.sendMail({ to: row.to_address, subject: row.subject, text: row.body_text });
    } catch (error) {
      const attempts = row.attempts + 1;
      const delay = attempts < MAX_ATTEMPTS ? RETRY_DELAYS_MS[attempts - 1] : undefined;
      const next = delay === undefined ? null : new Date(Date.now() + delay);
      const reason = this.describe(error);
      await this.repo.markFailed(row.id, attempts, reason, next);
      this.options.log?.warn(
        { emailId: row.id, attempts, retryAt: next?.toISOString() ?? null, error: reason },
        next ? 'e-mail not sent; it will be retried' : 'e-mail not sent; giving up',
      );
      return;
    }
    await this.repo.markSent(row.id, new Date());
  }

  /** The failure's code and message, without the SMTP user name or password, at most 500 characters. */
  private describe(error: unknown): string {
    const e = error as { code?: unknown; message?: unknown } | null;
    const message = typeof e?.message === 'string' ? e.message : String(error);
    let text = typeof e?.code === 'string' && !message.includes(e.code) ? `${e.code}: ${message}` : message;
    for (const secret of [this.options.smtp?.password, this.options.smtp?.user])
      if (secret && secret.length >= 3) text = text.split(secret).join('***');
    return text.length > ERROR_MAX ? `${text.slice(0, ERROR_MAX - 1)}…` : text;
  }
}
