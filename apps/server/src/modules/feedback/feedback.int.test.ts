import crypto from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FEEDBACK_MESSAGES, type FeedbackItem } from '@penstock/shared';
import { createTestPenstock, testDatabases, type TestPenstock } from '../../test/harness.ts';
import { seedDemoFeedback } from '../../seed/demoFeedback.ts';

/** A multipart/form-data body of plain text fields, for inject(). */
function form(fields: Record<string, string>) {
  const boundary = `----penstock${crypto.randomBytes(8).toString('hex')}`;
  const parts = Object.entries(fields).map(
    ([name, value]) => `--${boundary}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`,
  );
  return {
    payload: Buffer.from(`${parts.join('')}--${boundary}--\r\n`),
    headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
  };
}

/** savefeedback's fields as the spec sends them: each JSON-encoded. */
const submission = (Feature: string, Feedback: string, User = 'Erin') => ({
  Feature: JSON.stringify(Feature),
  User: JSON.stringify(User),
  Feedback: JSON.stringify(Feedback),
});

for (const kind of await testDatabases()) {
  describe(`feedback (${kind})`, () => {
    let penstock: TestPenstock;
    const cookies: Record<string, string> = {};

    const call = (url: string, fields: Record<string, string>, who?: string) => {
      const { payload, headers } = form(fields);
      return penstock.app.inject({
        method: 'POST',
        url,
        payload,
        headers: { ...headers, ...(who ? { cookie: cookies[who]! } : {}) },
      });
    };
    const submit = async (feature: string, text: string, who = 'user') => {
      const response = await call('/api/savefeedback', submission(feature, text), who);
      expect(response.statusCode).toBe(201);
      return response.json() as FeedbackItem;
    };
    const list = async (who: string): Promise<FeedbackItem[]> => {
      const response = await call('/api/getfeedback', {}, who);
      expect(response.statusCode).toBe(200);
      return response.json() as FeedbackItem[];
    };
    const review = (rows: unknown[], who = 'reviewer', deleted?: string[]) =>
      call(
        '/api/savefeedbackcomment',
        { Data: JSON.stringify(rows), ...(deleted ? { Deleted: JSON.stringify(deleted) } : {}) },
        who,
      );

    beforeAll(async () => {
      penstock = await createTestPenstock(kind);
      await penstock.createUser({ name: 'Erin Walsh', email: 'user@feedback.test' });
      await penstock.createUser({ name: 'Sam Carter', email: 'other@feedback.test' });
      await penstock.createUser({
        name: 'Rita Reviewer',
        email: 'reviewer@feedback.test',
        roles: ['feedback_reviewer'],
      });
      await penstock.createUser({
        name: 'Rob Reviewer',
        email: 'reviewer2@feedback.test',
        roles: ['feedback_reviewer'],
      });
      await penstock.createUser({
        name: 'Ada Admin',
        email: 'admin@feedback.test',
        roles: ['administrator'],
      });
      for (const who of ['user', 'other', 'reviewer', 'reviewer2', 'admin'])
        cookies[who] = await penstock.signIn(`${who}@feedback.test`);
    });
    afterAll(() => penstock.destroy());

    it('stores submitted feedback as the signed-in user, as text', async () => {
      const text = 'Pins are <b>slow</b> <script>alert(1)</script>\nwith big models';
      const response = await call(
        '/api/savefeedback',
        submission('Project Viewer', `  ${text}  `, 'Someone Else'),
        'user',
      );
      expect(response.statusCode).toBe(201);
      const item = response.json() as FeedbackItem;
      expect(item).toMatchObject({
        Feature: 'Project Viewer',
        User: 'Erin Walsh',
        Feedback: text,
        Comment: '',
        IsFaq: false,
        IsCritical: false,
        Version: 1,
      });
      expect(item.Id).toMatch(/^f\./);
      const stored = await penstock.database.db
        .selectFrom('feedback')
        .selectAll()
        .where('id', '=', item.Id)
        .executeTakeFirstOrThrow();
      expect(stored.feedback).toBe(text);
      expect((await list('reviewer')).find((i) => i.Id === item.Id)).toMatchObject({
        User: 'Erin Walsh',
        Feedback: text,
      });
    });

    it('also takes plain (not JSON-encoded) fields and a JSON body', async () => {
      const plain = await call(
        '/api/savefeedback',
        { Feature: 'Other', User: 'Erin', Feedback: 'Plain text' },
        'user',
      );
      expect(plain.statusCode).toBe(201);
      expect(plain.json()).toMatchObject({ Feature: 'Other', Feedback: 'Plain text' });
      const json = await penstock.app.inject({
        method: 'POST',
        url: '/api/savefeedback',
        payload: { Feature: 'Standard Designs', User: 'Erin', Feedback: '"quoted" stays' },
        headers: { cookie: cookies.user! },
      });
      expect(json.statusCode).toBe(201);
      expect(json.json()).toMatchObject({ Feedback: '"quoted" stays' });
    });

    it('refuses a submission without a feature or feedback, with the spec message', async () => {
      for (const fields of [
        submission('', 'Some text'),
        submission('Other', '   '),
        { User: JSON.stringify('Erin'), Feedback: JSON.stringify('no feature') },
      ]) {
        const response = await call('/api/savefeedback', fields, 'user');
        expect(response.statusCode).toBe(400);
        expect(response.json()).toEqual({ error: FEEDBACK_MESSAGES.invalid });
      }
      const unknown = await call('/api/savefeedback', submission('BIM360 Docs', 'x'), 'user');
      expect(unknown.statusCode).toBe(400);
      expect(unknown.json().error).toMatch(/^Feature must be one of/);
    });

    it('needs a signed-in user for every call', async () => {
      for (const url of ['/api/getfeedback', '/api/savefeedback', '/api/savefeedbackcomment']) {
        const response = await call(url, submission('Other', 'x'));
        expect(response.statusCode).toBe(401);
      }
    });

    it('refuses review changes from anyone without the feedback reviewer role', async () => {
      const item = await submit('Other', 'Please review me');
      for (const who of ['user', 'admin']) {
        const response = await review([{ ...item, Comment: 'Answered', IsFaq: true }], who, [item.Id]);
        expect(response.statusCode).toBe(403);
        expect(response.json()).toEqual({ error: FEEDBACK_MESSAGES.notReviewer });
      }
      const stored = (await list('reviewer')).find((i) => i.Id === item.Id);
      expect(stored).toMatchObject({ Comment: '', IsFaq: false, Version: 1 });
    });

    it('lists only the FAQ, without who asked, to people who are not reviewers', async () => {
      const asked = await submit('Project Viewer', 'How do I hide a storey?');
      const notFaq = await submit('Project Viewer', 'Not a FAQ, critical though');
      const saved = await review([
        { Id: asked.Id, Comment: 'Use the model tree.', IsFaq: true, Version: asked.Version },
        { Id: notFaq.Id, IsCritical: true, Comment: 'Looking into it' },
      ]);
      expect(saved.statusCode).toBe(200);
      expect(saved.json()).toMatchObject({ updated: 2, deleted: 0, unchanged: 0 });

      const faq = await list('other');
      expect(faq.every((item) => item.IsFaq)).toBe(true);
      expect(faq.map((item) => item.Id)).toEqual([asked.Id]);
      expect(faq[0]).toMatchObject({
        Feedback: 'How do I hide a storey?',
        Comment: 'Use the model tree.',
        User: '',
        Version: 2,
      });
      // a reviewer sees every item, with the flags
      const all = await list('reviewer');
      expect(all.find((i) => i.Id === notFaq.Id)).toMatchObject({ IsCritical: true, IsFaq: false });
      expect(all.length).toBeGreaterThan(faq.length);
    });

    it('does not let a stale list delete feedback given after it was loaded', async () => {
      const first = await submit('Other', 'Loaded by the reviewer');
      const loaded = await list('reviewer');
      // new feedback arrives after the reviewer loaded the list
      const fresh = await submit('Other', 'Given after the list was loaded', 'other');
      // the spec's page sends the whole list it loaded, with one row removed and one edited
      const removed = loaded.find((item) => item.Id !== first.Id)!;
      const stale = loaded
        .filter((item) => item.Id !== removed.Id)
        .map((item) => (item.Id === first.Id ? { ...item, Comment: 'Thanks' } : item));
      const response = await review(stale);
      expect(response.statusCode).toBe(200);
      expect(response.json()).toMatchObject({ updated: 1, deleted: 0, notInList: 2 });

      const after = await list('reviewer');
      expect(after.map((i) => i.Id)).toEqual(expect.arrayContaining([fresh.Id, removed.Id]));
      expect(after.find((i) => i.Id === first.Id)).toMatchObject({ Comment: 'Thanks', Version: 2 });

      // deleting is explicit: only the named row goes
      const deletion = await review([], 'reviewer', [removed.Id]);
      expect(deletion.json()).toMatchObject({ deleted: 1 });
      const left = await list('reviewer');
      expect(left.map((i) => i.Id)).not.toContain(removed.Id);
      expect(left.map((i) => i.Id)).toContain(fresh.Id);
    });

    it("refuses a change over another reviewer's newer one, saving nothing", async () => {
      const item = await submit('Other', 'Two reviewers at once');
      const keep = await submit('Other', 'Also edited in the refused save');
      const first = await review([{ Id: item.Id, Comment: 'Rob first', Version: 1 }], 'reviewer2');
      expect(first.statusCode).toBe(200);
      const second = await review([
        { Id: keep.Id, Comment: 'would be lost', Version: 1 },
        { Id: item.Id, Comment: 'Rita second', Version: 1 },
      ]);
      expect(second.statusCode).toBe(409);
      expect(second.json().error).toContain(FEEDBACK_MESSAGES.staleList);
      const all = await list('reviewer');
      expect(all.find((i) => i.Id === item.Id)).toMatchObject({ Comment: 'Rob first', Version: 2 });
      expect(all.find((i) => i.Id === keep.Id)).toMatchObject({ Comment: '', Version: 1 });
    });

    it('refuses a FAQ without an answer and bad rows', async () => {
      const item = await submit('Other', 'Flag me');
      const noAnswer = await review([{ Id: item.Id, IsFaq: true }]);
      expect(noAnswer.statusCode).toBe(400);
      expect(noAnswer.json().error).toContain(FEEDBACK_MESSAGES.faqNeedsAnswer);

      const badFeature = await review([{ Id: item.Id, Feature: 'Nope' }]);
      expect(badFeature.statusCode).toBe(400);
      expect(badFeature.json().error).toMatch(/^Data\[0\]\.Feature: Feature must be one of/);

      const notJson = await call('/api/savefeedbackcomment', { Data: '[{' }, 'reviewer');
      expect(notJson.statusCode).toBe(400);
      expect(notJson.json().error).toMatch(/^Data is not valid JSON/);

      const gone = await review([{ Id: 'f.00000000-0000-4000-8000-000000000000', Comment: 'x' }]);
      expect(gone.statusCode).toBe(409);
    });

    it('takes a JSON body for the review too', async () => {
      const item = await submit('Other', 'JSON review');
      const response = await penstock.app.inject({
        method: 'POST',
        url: '/api/savefeedbackcomment',
        payload: { Data: [{ Id: item.Id, Feature: 'Penstock Docs' }] },
        headers: { cookie: cookies.reviewer! },
      });
      expect(response.statusCode).toBe(200);
      expect((await list('reviewer')).find((i) => i.Id === item.Id)).toMatchObject({
        Feature: 'Penstock Docs',
      });
    });

    it('seeds demo feedback with one answered FAQ', async () => {
      const fresh = await createTestPenstock(kind);
      try {
        for (const [email, roles] of [
          ['engineer@penstock.demo', []],
          ['supplier@penstock.demo', []],
          ['sdm@penstock.demo', []],
          ['admin@penstock.demo', ['feedback_reviewer']],
        ] as const)
          await fresh.createUser({ email, roles: [...roles] });
        await seedDemoFeedback(fresh);
        const cookie = await fresh.signIn('engineer@penstock.demo');
        const response = await fresh.app.inject({
          method: 'POST',
          url: '/api/getfeedback',
          headers: { cookie },
        });
        const faq = response.json() as FeedbackItem[];
        expect(faq).toHaveLength(1);
        expect(faq[0]!.Comment).not.toBe('');
        const rows = await fresh.database.db.selectFrom('feedback').select('is_critical').execute();
        expect(rows).toHaveLength(3);
        expect(rows.filter((row) => row.is_critical === 1)).toHaveLength(1);
      } finally {
        await fresh.destroy();
      }
    });
  });
}
