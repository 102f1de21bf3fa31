import type { FastifyBaseLogger } from 'fastify';
import { formatDate, type ParticipantRole } from '@penstock/shared';
import type { WorkflowRepo } from './workflow.repo.ts';
import type { WorkflowService } from './workflow.service.ts';
import type { WorkflowMail } from './workflow.mail.ts';
import { Periodic } from '../../jobs/periodic.ts';

/** Looked for every hour: a reminder goes out within an hour of a due day passing, at most once a day. */
const CHECK_EVERY_MS = 60 * 60_000;

/**
 * The reminder of overdue workflows (issue 31): once a UTC day, each person whose answer is awaited now
 * (the reviewers while in review, then the approvers) on an open workflow past its due date gets one e-mail
 * through the outbox. Each reminder is recorded with its e-mail in one transaction, keyed by workflow,
 * person and day, so a restart or a second server never sends it twice.
 */
export class WorkflowReminders {
  private readonly periodic: Periodic;

  constructor(
    private readonly repo: WorkflowRepo,
    private readonly workflows: WorkflowService,
    private readonly mail: WorkflowMail,
    log?: Pick<FastifyBaseLogger, 'error'>,
  ) {
    this.periodic = new Periodic(
      () => this.remindOverdue(),
      (error) => log?.error({ err: error }, 'workflow reminders could not be written'),
    );
  }

  /** Writes today's reminders that are not written yet; resolves with how many were. */
  async remindOverdue(now: Date = new Date()): Promise<number> {
    if (!this.mail.enabled) return 0;
    const today = formatDate(now, 'utc-date');
    let written = 0;
    for (const workflow of await this.repo.overdue(today)) {
      const role: ParticipantRole = workflow.status === 'In review' ? 'reviewer' : 'approver';
      const waiting = (await this.repo.participantsOf([workflow.id])).filter(
        (line) => line.role === role && line.status === 'Pending',
      );
      for (const line of waiting)
        written += await this.repo.transaction(async (unit) => {
          if (!(await unit.workflows.recordReminder(workflow.id, line.user_id, today, now.toISOString())))
            return 0;
          const detail = await this.workflows.detailOf(workflow.id, line.user_id, unit);
          const person = [...detail.reviewers, ...detail.approvers].find((p) => p.id === line.id);
          await unit.outbox.insert(person ? this.mail.overdue(detail, person, role) : [], now);
          return 1;
        });
    }
    if (written) this.mail.sendQueued();
    return written;
  }

  /** Checks at start, then every hour (nothing without e-mail settings). */
  start(everyMs = CHECK_EVERY_MS): void {
    if (this.mail.enabled) this.periodic.start(everyMs);
  }

  /** Stops the timer and waits for a pass in progress. */
  stop(): Promise<void> {
    return this.periodic.stop();
  }
}
