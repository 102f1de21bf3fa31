import type { Readable } from 'node:stream';
import { buildStaticRecord, isModelFile, type CurrentUser } from '@penstock/shared';
import { badRequest, conflict, notFound } from '../../http/errors.ts';
import type { ConversionJobs } from '../../jobs/conversionJobs.ts';
import { readBlob, type BlobStore } from '../../storage/blobStore.ts';
import type { AccessService } from '../../security/access.ts';
import type { ModelsRepo, TaggedObject, VersionContext } from './models.repo.ts';
import { itemLocalIds, itemTableBytes } from './itemIndex.ts';
import {
  fileTypeOf,
  presentModelInfo,
  presentModelRecords,
  chooseTaggedObjects,
  taggedObjectOf,
  presentObjectDetail,
  presentObjectIndex,
  presentProperties,
  type ElementProperty,
  type ModelInfo,
  type ModelRecords,
  type ObjectDetail,
  type ObjectIndex,
  type Viewable,
} from './models.presenter.ts';
import { countPdfPages, PdfReadError } from '../../storage/pdfPages.ts';
import type { GeoreferenceRepo } from './georeference.repo.ts';

/** How many models' item tables are kept in memory (a 100k-object plant's is about 0.5 MB). */
const ITEM_TABLES_KEPT = 8;
/**
 * How many models' object indexes are kept as JSON text (a 100k-object plant's is 6.5 MB, and reading and
 * writing it took the server 220 to 310 ms, while the browser draws the model, at every open).
 */
const OBJECT_INDEXES_KEPT = 4;
/** Rows of one read of the objects' tags, and records of one read of their properties (staticRecordLines). */
const RECORD_TAGS_PAGE = 10_000;
const RECORDS_PAGE = 500;
/** The next turn of the event loop: requests that came in meanwhile are answered first. */
const nextTurn = () => new Promise<void>((resolve) => setImmediate(resolve));

/**
 * The value of `key` in a map of at most `limit` entries, made once: requests at the same time share one
 * promise (looked up and kept with no await in between), a failed one is not kept, and the entry used
 * least recently goes first.
 */
function kept<T>(map: Map<string, Promise<T>>, key: string, limit: number, make: () => Promise<T>) {
  let value = map.get(key);
  if (value) {
    map.delete(key);
    map.set(key, value);
    return value;
  }
  value = make();
  map.set(key, value);
  value.catch(() => map.delete(key));
  if (map.size > limit) map.delete(map.keys().next().value!);
  return value;
}

export class ModelsService {
  private readonly itemTables = new Map<string, Promise<Buffer>>();
  private readonly objectIndexes = new Map<string, Promise<string>>();

  constructor(
    private readonly repo: ModelsRepo,
    private readonly access: AccessService,
    private readonly jobs: ConversionJobs,
    private readonly blobs: BlobStore,
    private readonly georeferences: GeoreferenceRepo,
  ) {}

  /** Called for every new version (upload, demo seed): IFC models are queued for conversion. */
  async versionAdded(versionId: string, fileName: string): Promise<void> {
    if (isModelFile(fileName)) await this.jobs.enqueue(versionId);
  }

  async info(user: CurrentUser, versionId: string): Promise<ModelInfo> {
    const version = await this.accessible(user, versionId);
    let conversion = await this.repo.findConversion(versionId);
    const type = fileTypeOf(version.file_name);
    if (!conversion && isModelFile(type)) {
      // a version stored before conversions existed: convert it now
      await this.jobs.enqueue(versionId);
      conversion = await this.repo.findConversion(versionId);
    } else if (!conversion && type === 'pdf') {
      await this.recordPdf(version);
      conversion = await this.repo.findConversion(versionId);
    }
    return presentModelInfo(version, conversion, await this.georeferences.of(versionId));
  }

  /** The .frag's hash (its ETag) and how to read it: a revalidated copy opens nothing. */
  async fragments(
    user: CurrentUser,
    versionId: string,
  ): Promise<{ hash: string; read: () => Promise<{ stream: Readable; size: number }> }> {
    await this.accessible(user, versionId);
    const hash = await this.doneFragHash(versionId);
    return { hash, read: () => this.blobs.read(hash) };
  }

  /**
   * The localId of every geometry item of the converted model (little-endian uint32, entry i for item i):
   * stored by the conversion, or for a model converted before that, read from the .frag once and kept for
   * the few models open now.
   */
  async items(user: CurrentUser, versionId: string): Promise<{ hash: string; bytes: Buffer }> {
    await this.accessible(user, versionId);
    const { frag_hash: hash, items_hash: stored } = await this.doneConversion(versionId);
    const table = kept(this.itemTables, hash, ITEM_TABLES_KEPT, () =>
      stored
        ? readBlob(this.blobs, stored)
        : readBlob(this.blobs, hash).then(itemLocalIds).then(itemTableBytes),
    );
    return { hash, bytes: await table };
  }

  /**
   * The object index as JSON text. It does not change once the model is converted, so the text is made
   * once per conversion and kept for the few models open now.
   */
  async objectsJson(user: CurrentUser, versionId: string): Promise<string> {
    await this.accessible(user, versionId);
    // a conversion of the version is told apart by when it finished
    const { finished_at: finished } = await this.doneConversion(versionId);
    const key = `${versionId}:${finished ?? ''}`;
    return kept(this.objectIndexes, key, OBJECT_INDEXES_KEPT, async () =>
      JSON.stringify(presentObjectIndex(await this.repo.objectColumns(versionId)) satisfies ObjectIndex),
    );
  }

  /** The static and dynamic records of every tagged object (one per tag), dynamic values not yet merged;
   * `withDynamic` false: the static ones only. */
  async records(user: CurrentUser, versionId: string, withDynamic = true): Promise<ModelRecords> {
    const version = await this.accessible(user, versionId);
    await this.doneFragHash(versionId);
    const rows = await this.repo.taggedObjects(versionId);
    return presentModelRecords(rows, version.project_name, version.file_name, withDynamic);
  }

  /**
   * The static records (as `records`), each as one line of JSON text, in chunks made a page at a time: the
   * next page is read only after the server has answered what came in meanwhile. A 100k-object model's
   * records took the server's one thread 7 to 16 s in one go on the bench machine (SQLite answers on that
   * thread), and every other request of the page (another model added to the view, a click's properties)
   * waited for all of it. Access is checked before the first chunk.
   */
  async staticRecordLines(user: CurrentUser, versionId: string): Promise<AsyncGenerator<string>> {
    const version = await this.accessible(user, versionId);
    await this.doneFragHash(versionId);
    const { repo } = this;
    return (async function* () {
      const rows: Pick<TaggedObject, 'local_id' | 'tag' | 'tag_source'>[] = [];
      for (let after = -1; ;) {
        const page = await repo.taggedObjectTags(versionId, after, RECORD_TAGS_PAGE);
        rows.push(...page);
        if (page.length < RECORD_TAGS_PAGE) break;
        after = Number(page.at(-1)!.local_id);
        await nextTurn();
      }
      const chosen = chooseTaggedObjects(rows);
      for (let start = 0; start < chosen.length; start += RECORDS_PAGE) {
        await nextTurn();
        const ids = chosen.slice(start, start + RECORDS_PAGE);
        const byId = new Map(
          (await repo.objectsWithProperties(versionId, ids)).map((row) => [Number(row.local_id), row]),
        );
        let chunk = '';
        for (const id of ids) {
          const row = byId.get(id);
          if (!row) continue; // gone with a reconversion meanwhile
          const record = buildStaticRecord(taggedObjectOf(row), version.project_name, version.file_name);
          chunk += `${JSON.stringify(record)}\n`;
        }
        if (chunk) yield chunk;
      }
    })();
  }

  /** The object's properties, or its nearest ancestor's when it has none; [] for an object not indexed. */
  async properties(user: CurrentUser, versionId: string, localId: number): Promise<ElementProperty[]> {
    await this.accessible(user, versionId);
    await this.doneFragHash(versionId);
    for (const row of await this.repo.propertiesWithAncestors(versionId, localId)) {
      const list = presentProperties(row.properties, row.local_id);
      if (list.length) return list;
    }
    return [];
  }

  /** The object's identity, tag and category with their sources, and its properties (as `properties`). */
  async object(user: CurrentUser, versionId: string, localId: number): Promise<ObjectDetail> {
    const properties = await this.properties(user, versionId, localId);
    return presentObjectDetail(await this.repo.findObject(versionId, localId), properties);
  }

  async reconvert(user: CurrentUser, versionId: string): Promise<ModelInfo> {
    const version = await this.repo.findVersion(versionId);
    if (!version) throw notFound();
    await this.access.requireAccess(user, { project: version.project_id }, 'convertModel');
    if (!isModelFile(version.file_name)) throw badRequest('Only IFC models (.ifc, .ifczip) are converted');
    await this.jobs.enqueue(versionId);
    return presentModelInfo(
      version,
      await this.repo.findConversion(versionId),
      await this.georeferences.of(versionId),
    );
  }

  private async accessible(user: CurrentUser, versionId: string): Promise<VersionContext> {
    const version = await this.repo.findVersion(versionId);
    if (!version) throw notFound();
    await this.access.requireAccess(user, { project: version.project_id }, 'read');
    return version;
  }

  private async doneFragHash(versionId: string): Promise<string> {
    return (await this.doneConversion(versionId)).frag_hash;
  }

  private async doneConversion(versionId: string) {
    const conversion = await this.repo.findConversion(versionId);
    if (conversion?.state === 'done' && conversion.frag_hash)
      return { ...conversion, frag_hash: conversion.frag_hash };
    if (conversion?.state === 'failed')
      throw conflict(`The model could not be converted: ${conversion.error ?? 'unknown reason'}`);
    if (conversion?.state === 'queued' || conversion?.state === 'running')
      throw conflict('The model is still being converted');
    throw conflict('This document has no converted model');
  }

  /**
   * A PDF needs no job: its pages are its 2D viewables, counted once by pdf.js in a worker thread (never
   * on the API thread) and kept.
   */
  private async recordPdf(version: VersionContext): Promise<void> {
    try {
      const pages = await this.blobs.withLocalFile(version.blob_hash, countPdfPages);
      const viewables: Viewable[] = Array.from({ length: pages }, (_, page) => ({
        guid: `${version.version_id}/page/${page}`,
        name: `Page ${page + 1}`,
        role: '2d',
        page,
      }));
      await this.repo.recordPdf(version.version_id, viewables, null);
    } catch (error) {
      if (!(error instanceof PdfReadError)) throw error;
      await this.repo.recordPdf(version.version_id, [], `The file is not a readable PDF: ${error.message}`);
    }
  }
}
