import type { FastifyBaseLogger } from 'fastify';
import { REMINDER_DAYS_BEFORE_DUE, formatDate } from '@penstock/shared';
import { Periodic } from '../../jobs/periodic.ts';
import type { TransmittalsRepo } from './transmittals.repo.ts';
import { reminderMessage } from './transmittals.mail.ts';
import type { TransmittalMail } from './transmittals.service.ts';

const CHECK_EVERY_MS = 60 * 60_000;
const DAY_MS = 24 * 60 * 60_000;

/**
 * The reminder before a transmittal's response is due (issue 35 §3): checked hourly, each recipient whose
 * response is outstanding gets one e-mail once the due date is REMINDER_DAYS_BEFORE_DUE days away (or
 * nearer) and the transmittal is a day old or more (one issued inside that window is reminded a day after
 * its issue, not within the hour of its own e-mail). The reminder is marked with its e-mail in one
 * transaction, so a restart or a second server never sends it twice. Outside recipients are pointed to their
 * first e-mail's link (only its hash is kept).
 */
export class TransmittalReminders {
  private readonly periodic: Periodic;

  constructor(
    private readonly repo: TransmittalsRepo,
    private readonly mail: TransmittalMail,
    log?: Pick<FastifyBaseLogger, 'error'>,
  ) {
    this.periodic = new Periodic(
      () => this.remind(),
      (error) => log?.error({ err: error }, 'transmittal reminders could not be written'),
    );
  }

  /** Writes the reminders due at `now`; resolves with how many were. */
  async remind(now: Date = new Date()): Promise<number> {
    if (!this.mail.enabled) return 0;
    const horizon = formatDate(new Date(now.getTime() + REMINDER_DAYS_BEFORE_DUE * DAY_MS), 'utc-date');
    let written = 0;
    const issuedBefore = new Date(now.getTime() - DAY_MS).toISOString();
    for (const due of await this.repo.dueForReminder(horizon, issuedBefore)) {
      written += await this.repo.transaction(async (unit) => {
        if (!(await unit.transmittals.markReminded(due.recipient_id, now.toISOString()))) return 0;
        const transmittal = await unit.transmittals.find(due.transmittal_id);
        const line = await unit.transmittals.findRecipient(due.recipient_id);
        if (!transmittal || !line) return 0;
        const open =
          line.kind === 'member'
            ? `Open it in your Personal hub: ${this.mail.publicUrl}/personalHub`
            : 'Open it with the link in the transmittal e-mail you received.';
        const facts = {
          number: transmittal.number,
          projectName: transmittal.project_name,
          senderName: transmittal.sender_name,
          purpose: transmittal.purpose,
          dueDate: transmittal.due_date,
          message: transmittal.message,
          documents: [],
        };
        await unit.outbox.insert([reminderMessage(facts, line.email, open)], now);
        return 1;
      });
    }
    if (written) this.mail.sendQueued();
    return written;
  }

  start(everyMs = CHECK_EVERY_MS): void {
    if (this.mail.enabled) this.periodic.start(everyMs);
  }

  stop(): Promise<void> {
    return this.periodic.stop();
  }
}
