import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'kysely';
import pg from 'pg';
import type { GlobalRole, ProjectRole } from '@penstock/shared';
import { buildPenstock, type Penstock } from '../app.ts';
import { loadEnv } from '../env.ts';
import { hashPassword } from '../modules/auth/password.ts';
import { ISO_19650_FOLDERS } from '../modules/documents/index.ts';
import type { Db } from '../db/database.ts';
import { startTestS3, type TestS3 } from './s3Server.ts';

export type TestDatabase = 'sqlite' | 'postgres';

const PG_ADMIN_URL = process.env.PENSTOCK_TEST_PG_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
export const TEST_PASSWORD = 'correct-horse-battery';

/** Whether the PostgreSQL of the tests (PENSTOCK_TEST_PG_URL, else the local default) answers. */
export async function postgresReachable(): Promise<boolean> {
  const client = new pg.Client({ connectionString: PG_ADMIN_URL, connectionTimeoutMillis: 2000 });
  try {
    await client.connect();
    await client.query('select 1');
    return true;
  } catch {
    return false;
  } finally {
    await client.end().catch(() => {});
  }
}

/**
 * The databases the integration tests run on: SQLite always, PostgreSQL when reachable.
 * CI sets PENSTOCK_REQUIRE_POSTGRES=1 so a missing server fails instead of silently skipping.
 */
export async function testDatabases(): Promise<TestDatabase[]> {
  if (await postgresReachable()) return ['sqlite', 'postgres'];
  if (process.env.PENSTOCK_REQUIRE_POSTGRES === '1')
    throw new Error(`PostgreSQL is required but not reachable at ${PG_ADMIN_URL}`);
  console.warn(`PostgreSQL not reachable at ${PG_ADMIN_URL}: integration tests run on SQLite only`);
  return ['sqlite'];
}

export interface TestPenstock extends Penstock {
  dataDir: string;
  /** the PostgreSQL address, when it runs on PostgreSQL */
  databaseUrl: string | undefined;
  /** the S3 server it stores files in, with { objectStore: 's3' } */
  s3: TestS3 | undefined;
  createUser(options?: {
    name?: string;
    email?: string;
    roles?: GlobalRole[];
    password?: string;
  }): Promise<{ id: string; email: string }>;
  /** signs in through the API and gives the Cookie header to send */
  signIn(email: string, password?: string): Promise<string>;
  createProject(
    name: string,
    members: ReadonlyArray<{ userId: string; role: ProjectRole }>,
  ): Promise<{ id: string; folders: Record<string, string> }>;
  /** uploads a file into a folder as the cookie's user (201 expected) and gives the new version's id */
  uploadFile(folderId: string, cookie: string, fileName: string, content: Buffer): Promise<string>;
  /**
   * A new project ('WIP/Process' holding the model) with a member, a viewer and an outsider signed in, and
   * the model uploaded by the member and converted (the job queue idle).
   */
  convertedModel(options: {
    fileName: string;
    content: Buffer;
    projectName?: string;
  }): Promise<ConvertedModel>;
  /**
   * Closes this server and builds a new one on the same data folder, database and object store (a restart);
   * this one must not be used afterwards, the new one destroys them all.
   */
  restart(): Promise<TestPenstock>;
  destroy(): Promise<void>;
}

/** What `convertedModel` made: the ids, and the Cookie headers of the project's people. */
export interface ConvertedModel {
  projectId: string;
  folders: Record<string, string>;
  folderId: string;
  versionId: string;
  member: string;
  viewer: string;
  outsider: string;
}

const adminQuery = async (text: string): Promise<pg.QueryResult> => {
  const admin = new pg.Client({ connectionString: PG_ADMIN_URL });
  await admin.connect();
  try {
    return await admin.query(text);
  } finally {
    await admin.end();
  }
};

const databaseUrlOf = (name: string): string => {
  const url = new URL(PG_ADMIN_URL);
  url.pathname = `/${name}`;
  return url.toString();
};

/**
 * The migrated database the tests' databases are copied from (CI time): migrating a new PostgreSQL database
 * took about 2 s of every test's set-up. Named by the migrations' source, so a changed or added migration makes
 * a new template; built once by whichever test asks first, under a rename so two runs never share a half-built one.
 */
let templateName: Promise<string> | undefined;
function migratedTemplate(): Promise<string> {
  templateName ??= (async () => {
    const folder = path.join(import.meta.dirname, '../db/migrations');
    const hash = crypto.createHash('sha256');
    for (const file of fs.readdirSync(folder).sort())
      hash.update(file).update(fs.readFileSync(path.join(folder, file)));
    const name = `penstock_template_${hash.digest('hex').slice(0, 16)}`;
    const found = await adminQuery(`SELECT 1 FROM pg_database WHERE datname = '${name}'`);
    if (found.rowCount) return name;
    const building = `${name}_${crypto.randomBytes(4).toString('hex')}`;
    await adminQuery(`CREATE DATABASE ${building}`);
    // a whole Penstock on it, closed again: the migrations, and the job queue's own schema and queues (pg-boss)
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'penstock-template-'));
    try {
      const penstock = await buildPenstock(
        loadEnv({
          PENSTOCK_DATA_DIR: dataDir,
          DATABASE_URL: databaseUrlOf(building),
          PENSTOCK_SEED_DEMO: '0',
          LOG_LEVEL: 'silent',
          PENSTOCK_WEB_DIST: path.join(dataDir, 'no-web-build'),
        }),
        { logger: false },
      );
      await penstock.close();
    } finally {
      fs.rmSync(dataDir, { recursive: true, force: true });
    }
    try {
      await adminQuery(`ALTER DATABASE ${building} RENAME TO ${name}`);
    } catch {
      await adminQuery(`DROP DATABASE IF EXISTS ${building} WITH (FORCE)`); // another run built it first
    }
    return name;
  })();
  return templateName;
}

/**
 * A new PostgreSQL database for one test, and how to drop it: empty, or `migrated` (a copy of the migrated
 * template). Commits do not wait for the disk (synchronous_commit off, this database only): a test database
 * is thrown away, and nothing a test checks depends on a commit surviving a crash of PostgreSQL itself.
 */
export async function createPostgresDatabase(
  options: { migrated?: boolean } = {},
): Promise<{ url: string; drop: () => Promise<void> }> {
  const name = `penstock_test_${crypto.randomBytes(6).toString('hex')}`;
  const template = options.migrated ? ` TEMPLATE ${await migratedTemplate()}` : '';
  await adminQuery(`CREATE DATABASE ${name}${template}`);
  await adminQuery(`ALTER DATABASE ${name} SET synchronous_commit = off`);
  return {
    url: databaseUrlOf(name),
    drop: async () => {
      await adminQuery(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
    },
  };
}

/**
 * A Penstock for one test on a new data folder and database. `objectStore: 's3'` stores its files in an S3
 * server (s3rver) started for it, in a new bucket, instead of the data folder.
 */
export async function createTestPenstock(
  kind: TestDatabase,
  overrides: Record<string, string> = {},
  options: { objectStore?: 'local' | 's3' } = {},
  /** a restart's: the data, database and object store of the server before it */
  reuse?: { dataDir: string; databaseUrl?: string; dropDatabase: () => Promise<void>; s3?: TestS3 },
): Promise<TestPenstock> {
  const dataDir = reuse?.dataDir ?? fs.mkdtempSync(path.join(os.tmpdir(), 'penstock-test-'));
  let databaseUrl: string | undefined = reuse?.databaseUrl;
  let dropDatabase = reuse?.dropDatabase ?? (async () => {});
  if (kind === 'postgres' && !reuse)
    ({ url: databaseUrl, drop: dropDatabase } = await createPostgresDatabase({ migrated: true }));
  const s3 = reuse ? reuse.s3 : options.objectStore === 's3' ? await startTestS3() : undefined;
  const env = loadEnv({
    PENSTOCK_DATA_DIR: dataDir,
    ...(databaseUrl ? { DATABASE_URL: databaseUrl } : {}),
    PENSTOCK_SEED_DEMO: '0',
    LOG_LEVEL: 'silent',
    PENSTOCK_WEB_DIST: path.join(dataDir, 'no-web-build'),
    ...s3?.env,
    ...overrides,
  });
  const penstock = await buildPenstock(env, { logger: false }).catch(async (error: unknown) => {
    await s3?.close();
    throw error;
  });
  let passwordHash: Promise<string> | undefined;

  const test: TestPenstock = {
    ...penstock,
    dataDir,
    databaseUrl: env.databaseUrl,
    s3,
    async createUser(options = {}) {
      const email = options.email ?? `user-${crypto.randomBytes(4).toString('hex')}@test.penstock`;
      const hash = options.password
        ? await hashPassword(options.password)
        : await (passwordHash ??= hashPassword(TEST_PASSWORD));
      const user = await penstock.users.create({
        name: options.name ?? 'Test User',
        email,
        passwordHash: hash,
        roles: options.roles ?? [],
      });
      return { id: user.id, email };
    },
    async signIn(email, password = TEST_PASSWORD) {
      const response = await penstock.app.inject({
        method: 'POST',
        url: '/api/auth/signin',
        payload: { email, password },
      });
      if (response.statusCode !== 200)
        throw new Error(`sign-in failed: ${response.statusCode} ${response.body}`);
      const cookie = response.cookies.find((c) => c.name === 'penstock_session');
      return `penstock_session=${cookie!.value}`;
    },
    async createProject(name, members) {
      const project = await penstock.projectsRepo.createProject(name, ISO_19650_FOLDERS);
      for (const member of members)
        await penstock.projectsRepo.upsertMember(project.id, member.userId, member.role);
      const folders: Record<string, string> = {};
      for (const top of await penstock.documentsRepo.childFolders(project.id, null)) {
        folders[top.name] = top.id;
        for (const child of await penstock.documentsRepo.childFolders(project.id, top.id))
          folders[`${top.name}/${child.name}`] = child.id;
      }
      return { id: project.id, folders };
    },
    async uploadFile(folderId, cookie, fileName, content) {
      const { payload, headers } = multipartFile(fileName, content);
      const response = await penstock.app.inject({
        method: 'POST',
        url: `/api/folders/${folderId}/files`,
        payload,
        headers: { ...headers, cookie },
      });
      if (response.statusCode !== 201)
        throw new Error(`upload of ${fileName} failed: ${response.statusCode} ${response.body}`);
      return response.json<{ version: { id: string } }>().version.id;
    },
    async convertedModel({ fileName, content, projectName = 'Model Project' }) {
      const [a, b, c] = [
        await test.createUser({ name: 'Member' }),
        await test.createUser({ name: 'Viewer' }),
        await test.createUser({ name: 'Outsider' }),
      ];
      const project = await test.createProject(projectName, [
        { userId: a.id, role: 'member' },
        { userId: b.id, role: 'viewer' },
      ]);
      const folderId = project.folders['WIP/Process']!;
      const member = await test.signIn(a.email);
      const versionId = await test.uploadFile(folderId, member, fileName, content);
      await penstock.jobs.idle();
      return {
        projectId: project.id,
        folders: project.folders,
        folderId,
        versionId,
        member,
        viewer: await test.signIn(b.email),
        outsider: await test.signIn(c.email),
      };
    },
    async restart() {
      await penstock.close();
      return createTestPenstock(kind, overrides, options, { dataDir, databaseUrl, dropDatabase, s3 });
    },
    async destroy() {
      await penstock.close();
      await dropDatabase();
      await s3?.close();
      fs.rmSync(dataDir, { recursive: true, force: true });
    },
  };
  return test;
}

/** A multipart/form-data body with one file field, for inject(). */
export function multipartFile(
  fileName: string,
  content: Buffer,
  field = 'file',
): { payload: Buffer; headers: Record<string, string> } {
  const boundary = `----penstock${crypto.randomBytes(8).toString('hex')}`;
  const head = Buffer.from(
    `--${boundary}\r\nContent-Disposition: form-data; name="${field}"; filename="${fileName}"\r\nContent-Type: application/octet-stream\r\n\r\n`,
  );
  const tail = Buffer.from(`\r\n--${boundary}--\r\n`);
  return {
    payload: Buffer.concat([head, content, tail]),
    headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
  };
}

/**
 * Penstock's own tables (not the migrations' bookkeeping, nor pg-boss's schema of jobs on PostgreSQL), for
 * the tests that count or compare rows.
 */
export async function penstockTables(db: Db): Promise<Awaited<ReturnType<Db['introspection']['getTables']>>> {
  return (await db.introspection.getTables()).filter(
    (table) => (!table.schema || table.schema === 'public') && !table.name.startsWith('kysely_'),
  );
}

/** Every Penstock table's row count: what a refused request must leave as it was. */
export async function rowCounts(db: Db): Promise<Record<string, number>> {
  const out: Record<string, number> = {};
  for (const table of await penstockTables(db)) {
    const row = (
      await sql<{ n: number | string }>`SELECT count(*) AS n FROM ${sql.table(table.name)}`.execute(db)
    ).rows[0];
    out[table.name] = Number(row?.n ?? 0);
  }
  return out;
}
