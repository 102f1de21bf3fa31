import { spawn } from 'node:child_process';
import crypto from 'node:crypto';
import fs from 'node:fs';
import fsp from 'node:fs/promises';
import path from 'node:path';
import { pipeline } from 'node:stream/promises';
import SQLite from 'better-sqlite3';
import type { S3Settings } from '../env.ts';
import { BlobMissingError, type BlobStore } from '../storage/blobStore.ts';
import { openBlobStore } from '../storage/openBlobStore.ts';

/**
 * Backups of an installation (issue 16): the database and the file store, consistent while the server runs.
 * The database is copied first (SQLite's online backup API, or pg_dump's snapshot for PostgreSQL); then the
 * blob files. Blobs are content-addressed and never changed, and only the orphan collector deletes one (a
 * blob no row names), which it does not while a backup holds the folder (storage/backupHold.ts): so every
 * blob the database copy names is on disk when the files are copied; a blob written meanwhile is copied
 * too, harmlessly.
 *
 * With an S3-compatible store (PENSTOCK_S3_BUCKET) the blobs are the bucket's objects: they are downloaded
 * into the backup the same way (the hold is then an object in the bucket, seen by every server's collector),
 * and a restore uploads the ones the store lacks. A backup of either kind restores into either kind, which
 * also moves an installation's files from the data folder to a bucket or back.
 */
export interface BackupSource {
  dataDir: string;
  /** postgres://... or undefined for the SQLite file in the data folder */
  databaseUrl: string | undefined;
  /** the object store holding the blobs; undefined: the data folder's blobs/ */
  s3?: S3Settings | undefined;
}

export interface BackupManifest {
  format: 'penstock-backup-1';
  createdAt: string;
  database: 'sqlite' | 'postgres';
  /** where the blobs were copied from (the data folder, or the bucket) */
  blobStore?: string;
  /** the blob files: name (its SHA-256) and size */
  blobs: { hash: string; size: number }[];
  /** the installation's configuration overrides (<data>/config), copied as they are */
  config: string[];
}

const SQLITE_FILE = 'penstock.sqlite';
const PG_DUMP_FILE = 'database.pgdump';
const MANIFEST = 'manifest.json';

function run(command: string, args: string[]): Promise<void> {
  return new Promise((resolve, reject) => {
    const child = spawn(command, args, { stdio: ['ignore', 'ignore', 'pipe'] });
    let stderr = '';
    child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
    child.on('error', (error) => reject(new Error(`${command} could not be started: ${error.message}`)));
    child.on('exit', (code) =>
      code === 0 ? resolve() : reject(new Error(`${command} failed (exit ${code}): ${stderr.trim()}`)),
    );
  });
}

async function listFiles(dir: string): Promise<string[]> {
  if (!fs.existsSync(dir)) return [];
  const entries = await fsp.readdir(dir, { recursive: true, withFileTypes: true });
  return entries
    .filter((entry) => entry.isFile())
    .map((entry) => path.relative(dir, path.join(entry.parentPath, entry.name)));
}

async function sha256(file: string): Promise<string> {
  const hash = crypto.createHash('sha256');
  await pipeline(fs.createReadStream(file), hash);
  return hash.digest('hex');
}

/** Writes a backup into `outDir` (created; it must not exist yet) and answers its manifest. */
export async function backup(source: BackupSource, outDir: string): Promise<BackupManifest> {
  if (fs.existsSync(outDir)) throw new Error(`${outDir} already exists: choose a new folder for the backup`);
  const store = await openBlobStore({ dataDir: source.dataDir, s3: source.s3 });
  try {
    // the orphan collector waits until the files the database copy names are copied
    const release = await store.holdForBackup();
    try {
      return await writeBackup(source, store, outDir);
    } finally {
      await release();
    }
  } finally {
    store.close();
  }
}

async function writeBackup(source: BackupSource, store: BlobStore, outDir: string): Promise<BackupManifest> {
  await fsp.mkdir(path.join(outDir, 'blobs'), { recursive: true });
  const database = source.databaseUrl ? 'postgres' : 'sqlite';
  if (source.databaseUrl) {
    await run('pg_dump', [
      '--format=custom',
      '--no-owner',
      '--no-privileges',
      `--file=${path.join(outDir, PG_DUMP_FILE)}`,
      source.databaseUrl,
    ]);
  } else {
    const file = path.join(source.dataDir, SQLITE_FILE);
    if (!fs.existsSync(file)) throw new Error(`No database at ${file}`);
    const sqlite = new SQLite(file, { fileMustExist: true });
    try {
      // the online backup API: a consistent copy while the server goes on writing
      await sqlite.backup(path.join(outDir, SQLITE_FILE));
    } finally {
      sqlite.close();
    }
  }
  const blobs: BackupManifest['blobs'] = [];
  for await (const { hash } of store.list()) {
    const target = path.join(outDir, 'blobs', hash.slice(0, 2), hash.slice(2));
    await fsp.mkdir(path.dirname(target), { recursive: true });
    try {
      const { stream } = await store.read(hash);
      await pipeline(stream, fs.createWriteStream(target));
    } catch (error) {
      // only an orphan (no row names it) is ever removed, by the blob collector: nothing to back up
      if (error instanceof BlobMissingError || (error as NodeJS.ErrnoException).code === 'ENOENT') {
        await fsp.rm(target, { force: true });
        continue;
      }
      throw error;
    }
    blobs.push({ hash, size: (await fsp.stat(target)).size });
  }
  const configDir = path.join(source.dataDir, 'config');
  const config = await listFiles(configDir);
  for (const relative of config) {
    const target = path.join(outDir, 'config', relative);
    await fsp.mkdir(path.dirname(target), { recursive: true });
    await fsp.copyFile(path.join(configDir, relative), target);
  }
  const manifest: BackupManifest = {
    format: 'penstock-backup-1',
    createdAt: new Date().toISOString(),
    database,
    blobStore: store.description,
    blobs,
    config,
  };
  await fsp.writeFile(path.join(outDir, MANIFEST), `${JSON.stringify(manifest, null, 2)}\n`);
  return manifest;
}

/**
 * Restores a backup into an installation whose server is stopped. Every blob is checked against its name
 * (its SHA-256) before anything is written; an installation that already has data is refused unless
 * `replace` is set, and then its database is replaced and blobs are added.
 */
export async function restore(
  target: BackupSource,
  backupDir: string,
  { replace = false }: { replace?: boolean } = {},
): Promise<BackupManifest> {
  const manifestFile = path.join(backupDir, MANIFEST);
  if (!fs.existsSync(manifestFile)) throw new Error(`${backupDir} is not a Penstock backup (no ${MANIFEST})`);
  const manifest = JSON.parse(await fsp.readFile(manifestFile, 'utf8')) as BackupManifest;
  if (manifest.format !== 'penstock-backup-1') throw new Error(`Unknown backup format: ${manifest.format}`);
  const wanted = target.databaseUrl ? 'postgres' : 'sqlite';
  if (manifest.database !== wanted)
    throw new Error(
      `The backup holds a ${manifest.database} database; this installation uses ${wanted} (set or unset DATABASE_URL)`,
    );
  for (const blob of manifest.blobs) {
    const file = path.join(backupDir, 'blobs', blob.hash.slice(0, 2), blob.hash.slice(2));
    if (!fs.existsSync(file)) throw new Error(`The backup is incomplete: blob ${blob.hash} is missing`);
    if ((await sha256(file)) !== blob.hash)
      throw new Error(`The backup is damaged: blob ${blob.hash} does not match its content`);
  }
  const sqliteFile = path.join(target.dataDir, SQLITE_FILE);
  if (!replace && !target.databaseUrl && fs.existsSync(sqliteFile))
    throw new Error(`${sqliteFile} exists: restore into an empty data folder, or pass --replace`);
  await fsp.mkdir(target.dataDir, { recursive: true });
  if (target.databaseUrl) {
    await run('pg_restore', [
      '--clean',
      '--if-exists',
      '--no-owner',
      '--no-privileges',
      '--single-transaction',
      `--dbname=${target.databaseUrl}`,
      path.join(backupDir, PG_DUMP_FILE),
    ]);
  } else {
    // the copy is written beside the database and renamed over it: never half a database
    const temp = `${sqliteFile}.restoring`;
    await fsp.copyFile(path.join(backupDir, SQLITE_FILE), temp);
    for (const suffix of ['-wal', '-shm']) await fsp.rm(`${sqliteFile}${suffix}`, { force: true });
    await fsp.rename(temp, sqliteFile);
  }
  const store = await openBlobStore({ dataDir: target.dataDir, s3: target.s3 });
  try {
    for (const blob of manifest.blobs) {
      if (await store.exists(blob.hash)) continue;
      const stored = await store.putFile(
        path.join(backupDir, 'blobs', blob.hash.slice(0, 2), blob.hash.slice(2)),
      );
      if (stored.hash !== blob.hash) throw new Error(`blob ${blob.hash} changed while it was restored`);
    }
  } finally {
    store.close();
  }
  for (const relative of manifest.config) {
    const destination = path.join(target.dataDir, 'config', relative);
    await fsp.mkdir(path.dirname(destination), { recursive: true });
    await fsp.copyFile(path.join(backupDir, 'config', relative), destination);
  }
  return manifest;
}
