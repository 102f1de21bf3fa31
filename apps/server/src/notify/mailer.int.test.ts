import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SMTPServer } from 'smtp-server';
import { createTestPenstock, testDatabases, type TestPenstock } from '../test/harness.ts';
import { MAX_ATTEMPTS, Notifier } from './mailer.ts';
import { OutboxRepo } from './outbox.repo.ts';

interface Received {
  from: string;
  to: string[];
  user: string | undefined;
  subject: string;
  text: string;
}

const SMTP_USER = 'penstock-mailer';
const SMTP_PASSWORD = 'smtp-secret-9f2c';

/** The subject and the plain text body of a raw message (7bit, quoted-printable or base64). */
function parse(raw: string): { subject: string; text: string } {
  const split = raw.indexOf('\r\n\r\n');
  const head = raw.slice(0, split).replace(/\r\n[ \t]+/g, ' ');
  const body = raw.slice(split + 4);
  const header = (name: string) => new RegExp(`^${name}:\\s*(.*)$`, 'im').exec(head)?.[1]?.trim() ?? '';
  const encoding = header('Content-Transfer-Encoding').toLowerCase();
  const text =
    encoding === 'quoted-printable'
      ? Buffer.from(
          body
            .replace(/=\r\n/g, '')
            .replace(/=([0-9A-F]{2})/gi, (_, hex: string) => String.fromCharCode(parseInt(hex, 16))),
          'latin1',
        ).toString('utf8')
      : encoding === 'base64'
        ? Buffer.from(body, 'base64').toString('utf8')
        : body;
  return { subject: header('Subject'), text: text.replace(/\r\n/g, '\n') };
}

/** A local SMTP server that records what it receives; `rejectNext` refuses that many recipients first. */
async function startSmtpServer() {
  const received: Received[] = [];
  const control = { rejectNext: 0, rcptDelayMs: 0 };
  const server = new SMTPServer({
    secure: false,
    disabledCommands: ['STARTTLS'],
    authOptional: true,
    allowInsecureAuth: true,
    logger: false,
    onAuth(auth, _session, callback) {
      if (auth.username === SMTP_USER && auth.password === SMTP_PASSWORD)
        return callback(null, { user: auth.username });
      return callback(new Error('Invalid username or password'));
    },
    onRcptTo(_address, _session, callback) {
      const answer = () => {
        if (control.rejectNext > 0) {
          control.rejectNext -= 1;
          const error = Object.assign(new Error('Mailbox temporarily unavailable'), { responseCode: 451 });
          return callback(error);
        }
        callback();
      };
      if (control.rcptDelayMs > 0) setTimeout(answer, control.rcptDelayMs);
      else answer();
    },
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (chunk: Buffer) => chunks.push(chunk));
      stream.on('end', () => {
        received.push({
          from: session.envelope.mailFrom ? session.envelope.mailFrom.address : '',
          to: session.envelope.rcptTo.map((r) => r.address),
          user: session.user as string | undefined,
          ...parse(Buffer.concat(chunks).toString('utf8')),
        });
        callback();
      });
    },
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => resolve());
  });
  const port = (server.server.address() as AddressInfo).port;
  return {
    port,
    received,
    control,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

async function waitFor(check: () => boolean | Promise<boolean>, what: string, timeoutMs = 10_000) {
  const deadline = Date.now() + timeoutMs;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
}

for (const kind of await testDatabases()) {
  describe(`e-mail notifications (${kind})`, () => {
    let smtp: Awaited<ReturnType<typeof startSmtpServer>>;
    let penstock: TestPenstock;
    let outbox: OutboxRepo;
    const smtpEnv = () => ({
      PENSTOCK_SMTP_HOST: '127.0.0.1',
      PENSTOCK_SMTP_PORT: String(smtp.port),
      PENSTOCK_SMTP_USER: SMTP_USER,
      PENSTOCK_SMTP_PASSWORD: SMTP_PASSWORD,
      PENSTOCK_SMTP_FROM: 'Penstock Test <notify@penstock.test>',
    });

    beforeAll(async () => {
      smtp = await startSmtpServer();
      penstock = await createTestPenstock(kind, smtpEnv());
      outbox = new OutboxRepo(penstock.database.db);
    });

    afterAll(async () => {
      await penstock?.destroy();
      await smtp?.close();
    });

    it('sends queued messages in the background and marks them sent', async () => {
      expect(penstock.notifier.enabled).toBe(true);
      await penstock.notifier.queue([
        {
          to: 'tm@penstock.test',
          subject: 'Review requested: A.pdf (Riverside)',
          text: 'Please review A.pdf.',
        },
        {
          to: 'sdm@penstock.test',
          subject: 'Approval requested: A.pdf (Riverside)',
          text: 'Please approve.',
        },
      ]);
      await waitFor(() => smtp.received.length === 2, 'two messages at the SMTP server');

      const byRecipient = new Map(smtp.received.map((m) => [m.to.join(','), m]));
      const review = byRecipient.get('tm@penstock.test')!;
      expect(review.from).toBe('notify@penstock.test');
      expect(review.user).toBe(SMTP_USER);
      expect(review.subject).toBe('Review requested: A.pdf (Riverside)');
      expect(review.text.trim()).toBe('Please review A.pdf.');
      const approval = byRecipient.get('sdm@penstock.test')!;
      expect(approval.subject).toBe('Approval requested: A.pdf (Riverside)');
      expect(approval.text.trim()).toBe('Please approve.');

      await waitFor(async () => (await outbox.all()).every((r) => r.sent_at !== null), 'rows marked sent');
      const rows = await outbox.all();
      expect(rows).toHaveLength(2);
      for (const row of rows) {
        expect(row.attempts).toBe(0);
        expect(row.last_error).toBeNull();
        expect(row.next_attempt_at).toBeNull();
      }
    });

    it('records a refused send, and delivers it on the retry', async () => {
      smtp.received.length = 0;
      smtp.control.rejectNext = 1;
      const before = new Set((await outbox.all()).map((r) => r.id));
      // a secret in the text (an outside link's token) is kept until it is delivered, then only the kept text
      await penstock.notifier.queue([
        {
          to: 'engineer@penstock.test',
          subject: 'Retry me',
          text: 'Body secret-token',
          keptText: 'Body [withheld]',
        },
      ]);

      const failed = async () => (await outbox.all()).find((r) => !before.has(r.id) && r.attempts === 1);
      await waitFor(async () => !!(await failed()), 'the first attempt to fail');
      const row = (await failed())!;
      expect(row.sent_at).toBeNull();
      expect(row.last_error).toMatch(/451|temporarily unavailable/i);
      expect(row.last_error).not.toContain(SMTP_PASSWORD);
      // the first retry is 30 s later
      expect(Date.parse(row.next_attempt_at!) - Date.now()).toBeGreaterThan(20_000);
      expect(smtp.received).toHaveLength(0);
      expect([row.body_text, row.kept_text]).toEqual(['Body secret-token', 'Body [withheld]']);

      await penstock.notifier.flushDue(); // not due yet: nothing happens
      expect(smtp.received).toHaveLength(0);
      await penstock.notifier.flushDue(new Date(Date.now() + 60_000));
      expect(smtp.received.map((m) => m.subject)).toEqual(['Retry me']);
      const sent = (await outbox.get(row.id))!;
      expect(sent.sent_at).not.toBeNull();
      expect(sent.attempts).toBe(1);
      expect(smtp.received[0]!.text.trim()).toBe('Body secret-token');
      expect([sent.body_text, sent.kept_text]).toEqual(['Body [withheld]', null]);
    });

    it(`gives a message up after ${MAX_ATTEMPTS} failed attempts and keeps the row`, async () => {
      smtp.received.length = 0;
      smtp.control.rejectNext = 100;
      const before = new Set((await outbox.all()).map((r) => r.id));
      await penstock.notifier.queue([
        { to: 'nobody@penstock.test', subject: 'Never', text: 'Body secret-token', keptText: 'Body' },
      ]);
      const row = async () => (await outbox.all()).find((r) => !before.has(r.id));
      await waitFor(async () => (await row())?.attempts === 1, 'the first attempt to fail');
      for (let attempt = 2; attempt <= MAX_ATTEMPTS + 1; attempt++)
        await penstock.notifier.flushDue(new Date(Date.now() + 7 * 3600_000));
      const given = (await row())!;
      expect(given.attempts).toBe(MAX_ATTEMPTS);
      expect(given.next_attempt_at).toBeNull();
      expect(given.sent_at).toBeNull();
      expect(given.last_error).toBeTruthy();
      // given up: the secret goes as after a delivery
      expect([given.body_text, given.kept_text]).toEqual(['Body', null]);
      expect(smtp.received).toHaveLength(0);
      smtp.control.rejectNext = 0;
    });

    it('sends messages left unsent by an earlier run when started', async () => {
      smtp.received.length = 0;
      // as if the server stopped before sending: a due row, and no notifier has been told about it
      await outbox.insert([{ to: 'left@penstock.test', subject: 'Left over', text: 'Body' }], new Date());
      const restarted = new Notifier(penstock.database.db, {
        smtp: {
          host: '127.0.0.1',
          port: smtp.port,
          secure: false,
          user: SMTP_USER,
          password: SMTP_PASSWORD,
          from: 'Penstock Test <notify@penstock.test>',
        },
      });
      restarted.start();
      try {
        await waitFor(() => smtp.received.some((m) => m.subject === 'Left over'), 'the left-over message');
      } finally {
        await restarted.stop();
      }
    });

    it('sends nothing and stores nothing without SMTP settings', async () => {
      smtp.received.length = 0;
      const off = await createTestPenstock(kind);
      try {
        expect(off.notifier.enabled).toBe(false);
        await off.notifier.queue([{ to: 'tm@penstock.test', subject: 'Nothing', text: 'Body' }]);
        await off.notifier.flushDue(new Date(Date.now() + 7 * 3600_000));
        const rows = await off.database.db.selectFrom('email_outbox').selectAll().execute();
        expect(rows).toEqual([]);
        await new Promise((resolve) => setTimeout(resolve, 200));
        expect(smtp.received).toHaveLength(0);
      } finally {
        await off.destroy();
      }
    });

    it('waits for a send in progress when the app closes, and does not hang', async () => {
      smtp.received.length = 0;
      smtp.control.rcptDelayMs = 300;
      const second = await createTestPenstock(kind, smtpEnv());
      await second.notifier.queue([{ to: 'late@penstock.test', subject: 'In flight', text: 'Body' }]);
      await new Promise((resolve) => setTimeout(resolve, 100)); // the send has started
      const started = Date.now();
      await second.destroy();
      expect(Date.now() - started).toBeLessThan(5_000);
      expect(smtp.received.map((m) => m.subject)).toEqual(['In flight']);
      smtp.control.rcptDelayMs = 0;
    });
  });
}
