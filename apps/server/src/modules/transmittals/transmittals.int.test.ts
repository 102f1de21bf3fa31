import fs from 'node:fs';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import ExcelJS from 'exceljs';
import JSZip from 'jszip';
import { SMTPServer } from 'smtp-server';
import {
  WATER_FRAMEWORK_STANDARD,
  type SharedTransmittal,
  type Transmittal,
  type TransmittalAccessEntry,
  type TransmittalRegister,
} from '@penstock/shared';
import {
  createTestPenstock,
  multipartFile,
  rowCounts,
  testDatabases,
  type TestPenstock,
} from '../../test/harness.ts';
import { pdfPages } from '../../test/pdfText.ts';

const FIXTURES = '/work/shared/fixtures';
const DRAWING = fs.readFileSync(`${FIXTURES}/pdf/issue21570.pdf`);
const MODEL = fs.readFileSync(`${FIXTURES}/ifc/MEP.ifc`);

interface Mail {
  to: string[];
  text: string;
}

/** A loopback SMTP server (smtp-server 3) recording each message's recipients and decoded text. */
async function startSmtp() {
  const received: Mail[] = [];
  const server = new SMTPServer({
    secure: false,
    disabledCommands: ['STARTTLS'],
    authOptional: true,
    logger: false,
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (chunk: Buffer) => chunks.push(chunk));
      stream.on('end', () => {
        const raw = Buffer.concat(chunks).toString('utf8');
        const body = raw.slice(raw.indexOf('\r\n\r\n') + 4);
        const text = /quoted-printable/i.test(raw)
          ? body
              .replace(/=\r\n/g, '')
              .replace(/=([0-9A-F]{2})/g, (_m, hex: string) => String.fromCharCode(parseInt(hex, 16)))
          : body;
        received.push({ to: session.envelope.rcptTo.map((r) => r.address), text });
        callback();
      });
    },
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', () => resolve()));
  return {
    port: (server.server.address() as AddressInfo).port,
    received,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

for (const kind of await testDatabases()) {
  describe(`transmittals (${kind})`, () => {
    let penstock: TestPenstock;
    let smtp: Awaited<ReturnType<typeof startSmtp>>;
    let projectId: string;
    let otherProjectId: string;
    let drawingVersion: string;
    let modelVersion: string;
    let foreignVersion: string;
    const people = {} as Record<
      'sender' | 'receiver' | 'viewer' | 'manager' | 'outsider',
      { id: string; email: string; cookie: string }
    >;

    const call = (method: string, url: string, who: keyof typeof people | null, payload?: unknown) =>
      penstock.app.inject({
        method: method as 'GET',
        url,
        headers: who ? { cookie: people[who].cookie } : {},
        ...(payload === undefined ? {} : { payload: payload as object }),
      });
    const issue = (body: Record<string, unknown>, who: keyof typeof people = 'sender') =>
      call('POST', `/api/projects/${projectId}/transmittals`, who, {
        versionIds: [drawingVersion, modelVersion],
        purpose: 'For review and acceptance',
        message: 'Please review the inlet works package.',
        memberIds: [people.receiver.id],
        outside: [{ email: 'site.agent@contractor.example', name: 'Sam Site' }],
        dueDate: '2099-01-31',
        ...body,
      });
    const tokenOf = (url: string) => url.split('/transmittal/')[1]!;

    beforeAll(async () => {
      smtp = await startSmtp();
      penstock = await createTestPenstock(kind, {
        PENSTOCK_SMTP_HOST: '127.0.0.1',
        PENSTOCK_SMTP_PORT: String(smtp.port),
        PENSTOCK_PUBLIC_URL: 'https://penstock.example',
      });
      for (const [who, name] of [
        ['sender', 'Sally Sender'],
        ['receiver', 'Rita Receiver'],
        ['viewer', 'Vera Viewer'],
        ['manager', 'Mona Manager'],
        ['outsider', 'Otto Outsider'],
      ] as const) {
        const user = await penstock.createUser({ name });
        people[who] = { id: user.id, email: user.email, cookie: await penstock.signIn(user.email) };
      }
      const project = await penstock.createProject('Riverside Water Treatment Works', [
        { userId: people.sender.id, role: 'member' },
        { userId: people.receiver.id, role: 'member' },
        { userId: people.viewer.id, role: 'viewer' },
        { userId: people.manager.id, role: 'manager' },
      ]);
      projectId = project.id;
      const other = await penstock.createProject('Other works', [
        { userId: people.sender.id, role: 'member' },
      ]);
      otherProjectId = other.id;
      drawingVersion = await penstock.uploadFile(
        project.folders['WIP/Civil']!,
        people.sender.cookie,
        'RWTW-DR-0001.pdf',
        DRAWING,
      );
      modelVersion = await penstock.uploadFile(
        project.folders['WIP/Process']!,
        people.sender.cookie,
        'RWTW-M3-0001.ifc',
        MODEL,
      );
      foreignVersion = await penstock.uploadFile(
        other.folders['WIP/Civil']!,
        people.sender.cookie,
        'secret.pdf',
        DRAWING,
      );
      await penstock.jobs.idle();
    }, 120_000);

    afterAll(async () => {
      await penstock?.destroy();
      await smtp?.close();
    });

    it('refuses bad issues and writes nothing', async () => {
      const before = await rowCounts(penstock.database.db);
      const cases: Array<[Record<string, unknown>, keyof typeof people, number, RegExp]> = [
        [{ purpose: 'For lunch' }, 'sender', 400, /not a purpose of issue/],
        [{ dueDate: null }, 'sender', 400, /asks for a response/],
        [{ versionIds: [foreignVersion] }, 'sender', 400, /not a file version of this project/],
        [{ memberIds: [people.outsider.id] }, 'sender', 400, /not a member/],
        [{ memberIds: [], outside: [] }, 'sender', 400, /at least one recipient/],
        [{ outside: [{ email: 'not-an-address' }] }, 'sender', 400, /e-mail/],
        [{}, 'viewer', 403, /Viewers cannot issue/],
        [{}, 'outsider', 404, /Not found/],
      ];
      for (const [body, who, status, message] of cases) {
        const answer = await issue(body, who);
        expect(answer.statusCode, JSON.stringify(body)).toBe(status);
        expect(answer.json<{ error: string }>().error).toMatch(message);
      }
      expect(await rowCounts(penstock.database.db)).toEqual(before);
    });

    it('issues a numbered transmittal with a cover sheet, e-mails and an outside link; the journey through the link', async () => {
      const answer = await issue({});
      expect(answer.statusCode, answer.body).toBe(201);
      const { transmittal, links } = answer.json<{
        transmittal: Transmittal;
        links: Array<{ email: string; url: string }>;
      }>();
      expect(transmittal.number).toBe('RWTW-TRN-0001');
      expect(transmittal.documents.map((d) => d.fileName)).toEqual(['RWTW-DR-0001.pdf', 'RWTW-M3-0001.ifc']);
      expect(transmittal.recipients.map((r) => [r.kind, r.status])).toEqual([
        ['member', 'Sent'],
        ['outside', 'Sent'],
      ]);
      expect(links).toHaveLength(1);
      const token = tokenOf(links[0]!.url);
      expect(links[0]!.url).toMatch(/^https:\/\/penstock\.example\/transmittal\/[A-Za-z0-9_-]{43}$/);

      // the token is stored only as its hash
      const stored = await penstock.database.db
        .selectFrom('transmittal_recipients')
        .select('token_hash')
        .execute();
      expect(stored.map((r) => r.token_hash)).not.toContain(token);

      // the cover sheet: a version of the project, with the number, purpose, people and documents
      const cover = await call('GET', `/api/versions/${transmittal.coverVersionId}/content`, 'receiver');
      expect(cover.statusCode).toBe(200);
      const text = (await pdfPages(cover.rawPayload)).join(' ');
      for (const expected of [
        'Riverside Water Treatment Works',
        'RWTW-TRN-0001',
        'Sally Sender',
        'Rita Receiver',
        'site.agent@contractor.example',
        'For review and acceptance',
        'RWTW-DR-0001.pdf',
        'RWTW-M3-0001.ifc',
      ])
        expect(text).toContain(expected);

      // e-mails: the member is sent to the hub, the outside person gets the link
      await penstock.notifier.flushDue();
      const toOutside = smtp.received.find((m) => m.to.includes('site.agent@contractor.example'));
      expect(toOutside?.text).toContain(links[0]!.url);
      const toMember = smtp.received.find((m) => m.to.includes(people.receiver.email));
      expect(toMember?.text).toContain('https://penstock.example/personalHub');
      // once delivered, the outbox's copy has the link without its token
      const kept = await penstock.database.db
        .selectFrom('email_outbox')
        .select(['body_text', 'kept_text', 'sent_at'])
        .where('to_address', '=', 'site.agent@contractor.example')
        .execute();
      expect(kept).toHaveLength(1);
      expect(kept[0]!.sent_at).not.toBeNull();
      expect(kept[0]!.kept_text).toBeNull();
      expect(kept[0]!.body_text).not.toContain(token);
      expect(kept[0]!.body_text).toContain(
        'https://penstock.example/transmittal/[link withheld after sending]',
      );

      // the next one takes the next number
      const second = await issue({ purpose: 'For information', outside: [], dueDate: null });
      expect(second.json<{ transmittal: Transmittal }>().transmittal.number).toBe('RWTW-TRN-0002');

      // signed out, through the link: just this transmittal
      const view = await call('GET', `/api/shared/transmittals/${token}`, null);
      expect(view.statusCode).toBe(200);
      const shared = view.json<SharedTransmittal>();
      expect(shared.number).toBe('RWTW-TRN-0001');
      expect(shared.documents).toHaveLength(2);
      const file = await call('GET', `/api/shared/transmittals/${token}/files/${drawingVersion}`, null);
      expect(file.statusCode).toBe(200);
      expect(Buffer.compare(file.rawPayload, DRAWING)).toBe(0);
      // another version of the project, or of another project, is not reachable with it
      const cover404 = await call(
        'GET',
        `/api/shared/transmittals/${token}/files/${transmittal.coverVersionId}`,
        null,
      );
      expect(cover404.statusCode).toBe(404);
      expect(
        (await call('GET', `/api/shared/transmittals/${token}/files/${foreignVersion}`, null)).statusCode,
      ).toBe(404);
      // nor does the token open anything signed-in
      expect((await call('GET', `/api/transmittals/${transmittal.id}`, null)).statusCode).toBe(401);

      const zip = await call('GET', `/api/shared/transmittals/${token}/zip`, null);
      expect(zip.statusCode).toBe(200);
      const archive = await JSZip.loadAsync(zip.rawPayload);
      expect(Object.keys(archive.files).sort()).toEqual(['RWTW-DR-0001.pdf', 'RWTW-M3-0001.ifc']);
      expect(Buffer.compare(await archive.file('RWTW-M3-0001.ifc')!.async('nodebuffer'), MODEL)).toBe(0);

      // acknowledge, then respond with an attachment
      const ack = await call('POST', `/api/shared/transmittals/${token}/acknowledge`, null);
      expect(ack.json<SharedTransmittal>().recipient.status).toBe('Acknowledged');
      const form = multipartFile('markups.pdf', DRAWING, 'attachment');
      const boundary = form.headers['content-type']!.split('boundary=')[1]!;
      const fields = Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="decision"\r\n\r\naccepted with comments\r\n` +
          `--${boundary}\r\nContent-Disposition: form-data; name="comment"\r\n\r\nSee the markups on sheet 2.\r\n`,
      );
      const respond = await penstock.app.inject({
        method: 'POST',
        url: `/api/shared/transmittals/${token}/response`,
        payload: Buffer.concat([fields, form.payload]),
        headers: form.headers,
      });
      expect(respond.statusCode, respond.body).toBe(200);
      expect(respond.json<SharedTransmittal>().recipient).toMatchObject({
        status: 'Responded',
        decision: 'accepted with comments',
      });
      const again = await call('POST', `/api/shared/transmittals/${token}/response`, null, {
        decision: 'rejected',
      });
      expect(again.statusCode).toBe(409);

      // the sender sees the status per recipient and the access log
      const detail = (await call('GET', `/api/transmittals/${transmittal.id}`, 'sender')).json<Transmittal>();
      const outside = detail.recipients.find((r) => r.kind === 'outside')!;
      expect(outside).toMatchObject({
        status: 'Responded',
        decision: 'accepted with comments',
        attachmentName: 'markups.pdf',
      });
      expect(detail.mayManage).toBe(true);
      const attachment = await call(
        'GET',
        `/api/transmittals/${transmittal.id}/recipients/${outside.id}/attachment`,
        'sender',
      );
      expect(Buffer.compare(attachment.rawPayload, DRAWING)).toBe(0);
      const log = (await call('GET', `/api/transmittals/${transmittal.id}/access-log`, 'sender')).json<
        TransmittalAccessEntry[]
      >();
      expect(log.map((e) => [e.action, e.fileName])).toEqual([
        ['view', null],
        ['download', 'RWTW-DR-0001.pdf'],
        ['zip', 'RWTW-TRN-0001.zip'],
        ['acknowledge', null],
        ['respond', 'markups.pdf'],
      ]);
      expect(
        log.every((e) => e.address === '127.0.0.1' && e.recipientEmail === 'site.agent@contractor.example'),
      ).toBe(true);
      // the receiver (a member) reads it but manages nothing
      expect(
        (await call('GET', `/api/transmittals/${transmittal.id}/access-log`, 'receiver')).statusCode,
      ).toBe(403);

      // the member recipient acknowledges and responds in the hub
      const hub = (await call('GET', '/api/me/transmittals', 'receiver')).json<{ received: Transmittal[] }>()
        .received;
      const sentList = (await call('GET', '/api/me/transmittals', 'sender')).json<{ sent: Transmittal[] }>()
        .sent;
      expect(sentList.map((t) => t.number)).toEqual(['RWTW-TRN-0002', 'RWTW-TRN-0001']);
      expect(hub.map((t) => [t.number, t.myStatus])).toEqual([
        ['RWTW-TRN-0002', 'Sent'],
        ['RWTW-TRN-0001', 'Sent'],
      ]);
      expect(
        (await call('POST', `/api/transmittals/${transmittal.id}/acknowledge`, 'receiver')).statusCode,
      ).toBe(200);
      const memberAnswer = await call('POST', `/api/transmittals/${transmittal.id}/response`, 'receiver', {
        decision: 'accepted',
        comment: 'Fine.',
      });
      expect(memberAnswer.json<Transmittal>().recipients[0]).toMatchObject({
        status: 'Responded',
        decision: 'accepted',
      });
      // a member who is not a recipient cannot answer
      const notListed = await call('POST', `/api/transmittals/${transmittal.id}/acknowledge`, 'manager');
      expect(notListed.statusCode).toBe(403);
      // responses to a transmittal that asks for none are refused
      const info = second.json<{ transmittal: Transmittal }>().transmittal;
      expect(
        (await call('POST', `/api/transmittals/${info.id}/response`, 'receiver', { decision: 'accepted' }))
          .statusCode,
      ).toBe(400);

      // register, and its export
      const register = (
        await call('GET', `/api/projects/${projectId}/transmittals`, 'sender')
      ).json<TransmittalRegister>();
      expect(register.sent.map((t) => t.number)).toEqual(['RWTW-TRN-0002', 'RWTW-TRN-0001']);
      expect(register.outstanding).toEqual([]);
      const xlsx = await call('GET', `/api/projects/${projectId}/transmittals/register.xlsx`, 'viewer');
      expect(xlsx.statusCode).toBe(200);
      const workbook = new ExcelJS.Workbook();
      await workbook.xlsx.load(xlsx.rawPayload as unknown as ArrayBuffer);
      const sheet = workbook.getWorksheet('Register')!;
      expect(sheet.getRow(2).getCell(1).value).toBe('RWTW-TRN-0002');
      expect(sheet.getRow(3).getCell(11).value).toBe(0);

      // revoked: the link answers 404 as for a token never issued
      const revoke = await call(
        'POST',
        `/api/transmittals/${transmittal.id}/recipients/${outside.id}/revoke`,
        'receiver',
      );
      expect(revoke.statusCode).toBe(403);
      expect(
        (await call('POST', `/api/transmittals/${transmittal.id}/recipients/${outside.id}/revoke`, 'sender'))
          .statusCode,
      ).toBe(200);
      const gone = await call('GET', `/api/shared/transmittals/${token}`, null);
      const never = await call('GET', `/api/shared/transmittals/${'A'.repeat(43)}`, null);
      expect([gone.statusCode, gone.json()]).toEqual([never.statusCode, never.json()]);
      expect(gone.statusCode).toBe(404);
    });

    it('expired links answer 404; reminders go once before the due date', async () => {
      const answer = await issue({
        memberIds: [],
        outside: [{ email: 'late@contractor.example' }],
        linkDays: 1,
      });
      const { transmittal, links } = answer.json<{
        transmittal: Transmittal;
        links: Array<{ url: string }>;
      }>();
      const token = tokenOf(links[0]!.url);
      expect((await call('GET', `/api/shared/transmittals/${token}`, null)).statusCode).toBe(200);
      await penstock.database.db
        .updateTable('transmittal_recipients')
        .set({ token_expires_at: new Date(Date.now() - 1000).toISOString() })
        .where('transmittal_id', '=', transmittal.id)
        .execute();
      expect((await call('GET', `/api/shared/transmittals/${token}/zip`, null)).statusCode).toBe(404);

      // due 2099-01-31: nothing now; two days before, one reminder per outstanding recipient, once
      expect(await penstock.transmittalReminders.remind(new Date())).toBe(0);
      const near = new Date('2099-01-30T08:00:00Z');
      const written = await penstock.transmittalReminders.remind(near);
      expect(written).toBeGreaterThan(0);
      expect(await penstock.transmittalReminders.remind(near)).toBe(0);
      await penstock.notifier.flushDue(near);
      expect(
        smtp.received.some(
          (m) => m.to.includes('late@contractor.example') && /Reminder|due by 2099-01-31/.test(m.text),
        ),
      ).toBe(true);

      // due tomorrow: not reminded within the hour of its own e-mail, but a day after its issue
      const day = 24 * 60 * 60_000;
      const soon = await issue({
        memberIds: [],
        outside: [{ email: 'soon@contractor.example' }],
        dueDate: new Date(Date.now() + day).toISOString().slice(0, 10),
      });
      expect(soon.statusCode, soon.body).toBe(201);
      expect(await penstock.transmittalReminders.remind(new Date(Date.now() + 3600_000))).toBe(0);
      expect(await penstock.transmittalReminders.remind(new Date(Date.now() + day + 3600_000))).toBe(1);
    });

    it('purposes of issue are edited by managers only', async () => {
      const url = `/api/projects/${projectId}/transmittal-purposes`;
      const list = [
        { name: 'For information', asksResponse: false },
        { name: 'For tender', asksResponse: true },
      ];
      expect((await call('PUT', url, 'sender', { purposes: list })).statusCode).toBe(403);
      const saved = await call('PUT', url, 'manager', { purposes: list });
      expect(saved.statusCode).toBe(200);
      expect((await call('GET', url, 'viewer')).json()).toEqual(list);
      expect(
        (await call('GET', `/api/projects/${otherProjectId}/transmittal-purposes`, 'manager')).statusCode,
      ).toBe(404);
      const tender = await issue({ purpose: 'for tender' });
      expect(tender.statusCode, tender.body).toBe(201);
      expect(tender.json<{ transmittal: Transmittal }>().transmittal.purpose).toBe('For tender');
    });

    it("numbers with the information standard's project code once saved; issued numbers never change", async () => {
      const standard = {
        ...WATER_FRAMEWORK_STANDARD,
        fields: WATER_FRAMEWORK_STANDARD.fields.map((field) =>
          field.key === 'project'
            ? { ...field, codes: [{ code: 'rwt01', description: 'Riverside' }] }
            : field,
        ),
      };
      const saved = await call('PUT', `/api/projects/${projectId}/info-standard`, 'manager', { standard });
      expect(saved.statusCode, saved.body).toBe(200);
      const next = await issue({ purpose: 'For information', dueDate: null });
      expect(next.statusCode, next.body).toBe(201);
      expect(next.json<{ transmittal: Transmittal }>().transmittal.number).toBe('RWT01-TRN-0006');
      const register = (
        await call('GET', `/api/projects/${projectId}/transmittals`, 'sender')
      ).json<TransmittalRegister>();
      expect(register.sent.map((t) => t.number)).toEqual([
        'RWT01-TRN-0006',
        'RWTW-TRN-0005',
        'RWTW-TRN-0004',
        'RWTW-TRN-0003',
        'RWTW-TRN-0002',
        'RWTW-TRN-0001',
      ]);
      const xlsx = await call('GET', `/api/projects/${projectId}/transmittals/register.xlsx`, 'viewer');
      expect(xlsx.headers['content-disposition']).toContain('RWT01 Transmittal register.xlsx');
    });
  });
}
