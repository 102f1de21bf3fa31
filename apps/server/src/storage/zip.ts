/**
 * Reading zip archives from users (BCF files, zipped IFC models) with size caps, so a zip bomb fails cleanly:
 * an entry is refused on the central directory's declared size before inflating, and bytes are counted while
 * inflating (yauzl's validateEntrySizes also stops an entry that inflates past its declared size).
 */
import fs from 'node:fs';
import { pipeline } from 'node:stream/promises';
import { Transform, type Readable } from 'node:stream';
import yauzl, { type Entry, type ZipFile } from 'yauzl';

/** Thrown when an archive breaks a cap or is not a readable zip: its message is meant for the user. */
export class ZipError extends Error {}

export interface ZipLimits {
  /** largest uncompressed size of one entry */
  maxEntryBytes: number;
  /** largest uncompressed size of all the entries read */
  maxTotalBytes: number;
  /** most entries in the archive (directories included) */
  maxEntries: number;
}

const mb = (bytes: number) => `${Math.round((bytes / 1024 / 1024) * 10) / 10} MB`;

function open(source: Buffer | string): Promise<ZipFile> {
  return new Promise((resolve, reject) => {
    const done = (error: Error | null, zip?: ZipFile) =>
      error || !zip
        ? reject(new ZipError(`The file is not a readable zip archive: ${error?.message ?? 'no entries'}`))
        : resolve(zip);
    const options = { lazyEntries: true, autoClose: false, validateEntrySizes: true, strictFileNames: false };
    if (typeof source === 'string') yauzl.open(source, options, done);
    else yauzl.fromBuffer(source, options, done);
  });
}

/** Every entry's name and declared size, checked against the entry-count cap. */
async function listEntries(zip: ZipFile, limits: Pick<ZipLimits, 'maxEntries'>): Promise<Entry[]> {
  if (zip.entryCount > limits.maxEntries)
    throw new ZipError(`The archive has ${zip.entryCount} entries; at most ${limits.maxEntries} are read`);
  return new Promise((resolve, reject) => {
    const entries: Entry[] = [];
    zip.on('entry', (entry: Entry) => {
      entries.push(entry);
      zip.readEntry();
    });
    zip.on('end', () => resolve(entries));
    zip.on('error', (error: Error) => reject(new ZipError(`The zip archive is damaged: ${error.message}`)));
    zip.readEntry();
  });
}

function openEntry(zip: ZipFile, entry: Entry): Promise<Readable> {
  return new Promise((resolve, reject) =>
    zip.openReadStream(entry, (error, stream) =>
      error || !stream
        ? reject(new ZipError(`Cannot read ${entry.fileName}: ${error?.message}`))
        : resolve(stream),
    ),
  );
}

/** A pass-through that fails once more than `max` bytes went through it. */
function byteCap(max: number, what: string, counter = { bytes: 0 }): Transform {
  return new Transform({
    transform(chunk: Buffer, _encoding, callback) {
      counter.bytes += chunk.length;
      if (counter.bytes > max) callback(new ZipError(`${what} is larger than ${mb(max)} when unzipped`));
      else callback(null, chunk);
    },
  });
}

const isDirectory = (entry: Entry) => entry.fileName.endsWith('/');

/**
 * The files of an archive held in memory (small archives such as BCF), optionally only those `accept` names.
 * Any entry over the per-entry cap, or all of them together over the total cap, fails the whole read.
 */
export async function readZipEntries(
  source: Buffer | string,
  limits: ZipLimits,
  accept: (name: string) => boolean = () => true,
): Promise<Map<string, Buffer>> {
  const zip = await open(source);
  try {
    const entries = (await listEntries(zip, limits)).filter((e) => !isDirectory(e) && accept(e.fileName));
    let declared = 0;
    for (const entry of entries) {
      if (entry.uncompressedSize > limits.maxEntryBytes)
        throw new ZipError(`${entry.fileName} is larger than ${mb(limits.maxEntryBytes)} when unzipped`);
      declared += entry.uncompressedSize;
    }
    if (declared > limits.maxTotalBytes)
      throw new ZipError(`The archive is larger than ${mb(limits.maxTotalBytes)} when unzipped`);
    const total = { bytes: 0 };
    const files = new Map<string, Buffer>();
    for (const entry of entries) {
      const chunks: Buffer[] = [];
      const stream = await openEntry(zip, entry);
      await pipeline(
        stream,
        byteCap(limits.maxEntryBytes, entry.fileName),
        byteCap(limits.maxTotalBytes, 'The archive', total),
        async (source: AsyncIterable<Buffer>) => {
          for await (const chunk of source) chunks.push(chunk);
        },
      ).catch((error: unknown) => {
        throw error instanceof ZipError
          ? error
          : new ZipError(`Cannot unzip ${entry.fileName}: ${String((error as Error).message ?? error)}`);
      });
      files.set(entry.fileName, Buffer.concat(chunks));
    }
    return files;
  } finally {
    zip.close();
  }
}

/**
 * Streams one entry of an archive on disk to a file (large archives such as zipped IFC models), never holding
 * it in memory. `pick` chooses the entry from the archive's file names (directories left out); the file at
 * `destPath` is removed again when the entry breaks the cap or cannot be read.
 */
export async function extractZipEntry(
  zipPath: string,
  pick: (names: string[]) => string | undefined,
  destPath: string,
  limits: Pick<ZipLimits, 'maxEntryBytes' | 'maxEntries'>,
): Promise<{ name: string; bytes: number }> {
  const zip = await open(zipPath);
  try {
    const entries = (await listEntries(zip, limits)).filter((e) => !isDirectory(e));
    const name = pick(entries.map((e) => e.fileName));
    const entry = entries.find((e) => e.fileName === name);
    if (!entry) throw new ZipError('The archive holds no file to read');
    if (entry.uncompressedSize > limits.maxEntryBytes)
      throw new ZipError(`${entry.fileName} is larger than ${mb(limits.maxEntryBytes)} when unzipped`);
    const counter = { bytes: 0 };
    try {
      await pipeline(
        await openEntry(zip, entry),
        byteCap(limits.maxEntryBytes, entry.fileName, counter),
        fs.createWriteStream(destPath),
      );
    } catch (error) {
      fs.rmSync(destPath, { force: true });
      throw error instanceof ZipError
        ? error
        : new ZipError(`Cannot unzip ${entry.fileName}: ${(error as Error).message}`);
    }
    return { name: entry.fileName, bytes: counter.bytes };
  } finally {
    zip.close();
  }
}
