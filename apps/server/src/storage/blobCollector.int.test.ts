import crypto from 'node:crypto';
import fs from 'node:fs';
import { Readable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestPenstock, multipartFile, testDatabases, type TestPenstock } from '../test/harness.ts';
import { BlobCollector } from './blobCollector.ts';
import { holdBlobsForBackup } from './backupHold.ts';
import { BLOB_REFERENCES } from './blobReferences.ts';
import type { LocalBlobStore } from './blobStore.ts';

const HOUR = 60 * 60_000;

/** The orphan blob collector (issue 16, item 4): orphans past the grace go, fresh ones and named ones stay. */
describe.each(await testDatabases())('orphan blob collector on %s', (kind) => {
  let penstock: TestPenstock;
  let collector: BlobCollector;
  let projectId: string;
  let folderId: string;
  let userId: string;
  let cookie: string;

  const store = async (label: string) =>
    (await penstock.blobs.putBuffer(Buffer.from(`${label} ${crypto.randomUUID()}`))).hash;
  /** as if stored `ms` ago */
  const age = (hash: string, ms: number) => {
    const at = new Date(Date.now() - ms);
    fs.utimesSync(local().pathOf(hash), at, at);
  };
  // this file tests the collector on the local folder (the default); on S3: s3.int.test.ts
  const local = () => penstock.blobs as LocalBlobStore;
  const stored = (hash: string) => fs.existsSync(local().pathOf(hash));
  const db = () => penstock.database.db;
  const catalogue = (hash: string, at = new Date(Date.now() - 2 * HOUR).toISOString()) =>
    db().insertInto('blobs').values({ hash, size: 10, created_at: at }).execute();

  /** A converted model's row naming blobs (its upload's own content stored apart). */
  const convertedModel = async (hashes: { frag_hash: string | null; items_hash?: string }) => {
    const uploaded = await penstock.files.addFile(
      { id: userId },
      { projectId, folderId },
      `model-${crypto.randomUUID()}.bin`,
      { hash: await store('model'), size: 10 },
    );
    await db()
      .insertInto('conversions')
      .values({
        version_id: uploaded.version.id,
        state: 'done',
        progress: 1,
        error: null,
        ...hashes,
        object_count: 0,
        viewables: '[]',
        created_at: new Date().toISOString(),
        started_at: null,
        finished_at: new Date().toISOString(),
      })
      .execute();
  };
  /**
   * A row naming `hash` in each reference column. Keyed by table.column: a reference added to
   * BLOB_REFERENCES without a way to make its row here fails the test below.
   */
  const referencers: Record<string, (hash: string) => Promise<void>> = {
    'versions.blob_hash': async (hash) => {
      await catalogue(hash);
      await penstock.files.addFile({ id: userId }, { projectId, folderId }, `${hash}.txt`, {
        hash,
        size: 10,
      });
    },
    'conversions.frag_hash': (hash) => convertedModel({ frag_hash: hash }),
    'conversions.items_hash': (hash) => convertedModel({ frag_hash: null, items_hash: hash }),
    'markup_items.image_hash': async (hash) => {
      const item = await penstock.files.addFile(
        { id: userId },
        { projectId, folderId },
        `drawing-${hash}.pdf`,
        { hash: await store('drawing'), size: 10 },
      );
      const markupId = `m.${crypto.randomUUID()}`;
      await db()
        .insertInto('markups')
        .values({
          id: markupId,
          project_id: projectId,
          project_name: 'Blob works',
          document_id: item.version.id,
          item_id: item.item.id,
          document_name: 'drawing.pdf',
          created_date: '25/11/2026',
          created_by_user_id: userId,
          created_by_name: 'Test User',
          created_for: '',
          actioned: 0,
          title: 'A markup',
          updated_at: new Date().toISOString(),
        })
        .execute();
      await db()
        .insertInto('markup_items')
        .values({
          id: `mi.${crypto.randomUUID()}`,
          markup_id: markupId,
          position: 0,
          title: 'A markup',
          data: '{"version":1}',
          state: '{}',
          image_hash: hash,
          image_type: 'image/png',
          document_name: 'drawing.pdf',
          document_version: '1',
          user_name: 'Test User',
          created: '25/11/2026',
          created_for: '',
          actioned: 0,
        })
        .execute();
    },
    'issues.snapshot_hash': async (hash) => {
      const at = new Date().toISOString();
      await db()
        .insertInto('issues')
        .values({
          id: `q.${crypto.randomUUID()}`,
          project_id: projectId,
          guid: crypto.randomUUID(),
          type: 'quality_issues',
          status: 'open',
          title: 'An issue with a snapshot',
          description: '',
          assignee_id: null,
          due_date: null,
          linked_documents: '[]',
          bcf_viewpoints: null,
          snapshot_hash: hash,
          snapshot_type: 'image/png',
          created_by: userId,
          created_at: at,
          updated_at: at,
        })
        .execute();
    },
    'transmittal_recipients.attachment_hash': async (hash) => {
      // a transmittal (its cover sheet a file of the project) whose outside recipient answered with a file
      const cover = await penstock.files.addFile(
        { id: userId },
        { projectId, folderId },
        `cover-${hash}.pdf`,
        { hash: await store('cover'), size: 10 },
      );
      const transmittalId = `t.${crypto.randomUUID()}`;
      await db()
        .insertInto('transmittals')
        .values({
          id: transmittalId,
          project_id: projectId,
          sequence: Math.floor(Math.random() * 1e9),
          number: `BW-TRN-${hash.slice(0, 6)}`,
          purpose: 'For comment',
          asks_response: 1,
          message: '',
          due_date: null,
          sender_id: userId,
          sender_name: 'Test User',
          cover_version_id: cover.version.id,
          issued_at: new Date().toISOString(),
        })
        .execute();
      await db()
        .insertInto('transmittal_recipients')
        .values({
          id: `tr.${crypto.randomUUID()}`,
          transmittal_id: transmittalId,
          kind: 'outside',
          user_id: null,
          name: 'Outside Person',
          email: 'outside@example.com',
          token_hash: null,
          token_expires_at: null,
          token_revoked_at: null,
          acknowledged_at: null,
          responded_at: new Date().toISOString(),
          decision: 'accepted',
          comment: '',
          attachment_hash: hash,
          attachment_name: 'answer.txt',
          attachment_size: 10,
          reminded_at: null,
        })
        .execute();
    },
    'training_courses.material_hash': async (hash) => {
      const at = new Date().toISOString();
      await db()
        .insertInto('training_courses')
        .values({
          id: `t.${crypto.randomUUID()}`,
          title: 'A course',
          format: 'PDF',
          time: '5 mins',
          tag: `course-${hash.slice(0, 12)}`,
          url: '',
          role_data_json: '{}',
          material_hash: hash,
          material_name: 'course.pdf',
          material_type: 'application/pdf',
          material_size: 10,
          material_uploaded_at: at,
          retired_at: null,
          created_by: userId,
          created_at: at,
          updated_by: userId,
          updated_at: at,
        })
        .execute();
    },
    'sdc_submissions.logo_hash': async (hash) => {
      await catalogue(hash);
      await submission(hash);
    },
    'sdc_files.blob_hash': async (hash) => {
      await catalogue(hash);
      const id = await submission(null);
      await db()
        .insertInto('sdc_files')
        .values({
          id: `sf.${crypto.randomUUID()}`,
          submission_id: id,
          position: 0,
          file_name: 'track record.pdf',
          blob_hash: hash,
          size: 10,
          content_type: 'application/pdf',
        })
        .execute();
    },
  };
  const submission = async (logoHash: string | null) => {
    const id = `sdc.${crypto.randomUUID()}`;
    await db()
      .insertInto('sdc_submissions')
      .values({
        id,
        status: 'Pending',
        company_name: 'Blob Pipelines Ltd',
        data_json: '{}',
        logo_name: logoHash ? 'logo.png' : '---',
        logo_path: logoHash ? 'logo.png' : null,
        logo_hash: logoHash,
        logo_type: logoHash ? 'image/png' : null,
        logo_size: logoHash ? 10 : null,
        review_note: '',
        reviewed_by: null,
        reviewed_at: null,
        date_of_last_review: null,
        submitted_at: new Date().toISOString(),
      })
      .execute();
    return id;
  };

  beforeAll(async () => {
    penstock = await createTestPenstock(kind);
    const user = await penstock.createUser();
    userId = user.id;
    cookie = await penstock.signIn(user.email);
    const project = await penstock.createProject('Blob works', [{ userId, role: 'manager' }]);
    projectId = project.id;
    folderId = project.folders['WIP/Civil']!;
    collector = new BlobCollector(penstock.database.db, penstock.blobs, { graceMinutes: 60 });
    // the server's own start-up pass is done before these tests plant anything
    await penstock.blobCollector.collect();
  });
  afterAll(async () => {
    await collector.stop();
    await penstock.destroy();
  });

  it('removes an orphan older than the grace period with its catalogue row, and keeps a fresh one', async () => {
    const old = await store('old orphan');
    const fresh = await store('fresh orphan');
    await catalogue(old);
    age(old, 2 * HOUR);
    age(fresh, 50 * 60_000);
    const counted = await collector.orphans();
    expect(counted.removed.map((blob) => blob.hash)).toEqual([old]);
    expect(stored(old)).toBe(true); // counting removes nothing

    const report = await collector.collect();
    expect(report.removed.map((blob) => blob.hash)).toEqual([old]);
    expect(report.keptWithinGrace).toBeGreaterThanOrEqual(1);
    expect(report.catalogueRowsRemoved).toBe(1);
    expect(stored(old)).toBe(false);
    expect(stored(fresh)).toBe(true);
    expect(
      await db().selectFrom('blobs').select('hash').where('hash', '=', old).executeTakeFirst(),
    ).toBeUndefined();
    // with no grace at all the fresh one goes too
    const none = new BlobCollector(penstock.database.db, penstock.blobs, { graceMinutes: 0 });
    expect((await none.collect()).removed.map((blob) => blob.hash)).toEqual([fresh]);
    expect((await collector.orphans(0)).removed).toEqual([]);
  });

  it('keeps every kind of referenced blob, however old', async () => {
    expect(Object.keys(referencers).sort()).toEqual(
      BLOB_REFERENCES.map((ref) => `${ref.table}.${ref.column}`).sort(),
    );
    const named: Record<string, string> = {};
    for (const [reference, make] of Object.entries(referencers)) {
      named[reference] = await store(reference);
      await make(named[reference]);
    }
    const orphan = await store('orphan among them');
    for (const blob of await listStored()) age(blob, 3 * HOUR);

    const report = await collector.collect();
    expect(report.removed.map((blob) => blob.hash)).toEqual([orphan]);
    for (const [reference, hash] of Object.entries(named)) expect(stored(hash), reference).toBe(true);
    expect((await collector.orphans(0)).removed).toEqual([]);
    // and the documents still download
    const version = await db()
      .selectFrom('versions')
      .select('id')
      .where('blob_hash', '=', named['versions.blob_hash']!)
      .executeTakeFirstOrThrow();
    const content = await penstock.app.inject({
      method: 'GET',
      url: `/api/versions/${version.id}/content`,
      headers: { cookie },
    });
    expect(content.statusCode).toBe(200);
  });

  it('an old orphan stored again (an upload in flight) counts as just stored and is kept', async () => {
    const content = Buffer.from(`uploaded twice ${crypto.randomUUID()}`);
    const { hash } = await penstock.blobs.putBuffer(content);
    age(hash, 5 * HOUR);
    // the same bytes arrive again: staged, committed, and the row is not written yet
    const staged = await penstock.blobs.stage(Readable.from([content]), 1024 * 1024);
    await staged.commit();
    expect(staged.hash).toBe(hash);
    const report = await collector.collect();
    expect(report.removed.map((blob) => blob.hash)).not.toContain(hash);
    expect(stored(hash)).toBe(true);
    // putBuffer resets the clock the same way
    age(hash, 5 * HOUR);
    await penstock.blobs.putBuffer(content);
    expect(await collector.orphans()).toMatchObject({ removed: [] });
  });

  it('removes nothing while a backup holds the blobs', async () => {
    const old = await store('orphan during a backup');
    age(old, 2 * HOUR);
    const release = await holdBlobsForBackup(penstock.dataDir);
    expect(await collector.collect()).toMatchObject({ postponed: true, removed: [] });
    expect(stored(old)).toBe(true);
    await release();
    expect((await collector.collect()).removed.map((blob) => blob.hash)).toEqual([old]);
  });

  it('an upload through the API leaves no orphan; a file removed meanwhile is no error', async () => {
    const before = (await collector.orphans(0)).removed;
    const { payload, headers } = multipartFile('note.txt', Buffer.from(`a note ${crypto.randomUUID()}`));
    const response = await penstock.app.inject({
      method: 'POST',
      url: `/api/folders/${folderId}/files`,
      payload,
      headers: { ...headers, cookie },
    });
    expect(response.statusCode).toBe(201);
    expect((await collector.orphans(0)).removed).toEqual(before);
    expect(await penstock.blobs.removeIfUnusedSince('0'.repeat(64), Date.now())).toBeNull();
  });

  const listStored = async () => {
    const hashes: string[] = [];
    for await (const blob of penstock.blobs.list()) hashes.push(blob.hash);
    return hashes;
  };
});
