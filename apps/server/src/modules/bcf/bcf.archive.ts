/**
 * BCF zip files: reading one with size caps (BCF 1.0, 2.0, 2.1 or 3.0) into parsed topics, and writing topics
 * as a BCF 3.0 or 2.1 zip.
 */
import JSZip from 'jszip';
import { badRequest } from '../../http/errors.ts';
import { readZipEntries, ZipError, type ZipLimits } from '../../storage/zip.ts';
import {
  BCF_IMPORT_VERSIONS,
  BcfFormatError,
  type BcfExportVersion,
  type BcfSnapshot,
  type BcfTopic,
  type BcfTopicViewpoint,
  type BcfViewpoint,
  type ParsedTopic,
} from './bcf.types.ts';
import {
  parseMarkupXml,
  parseViewpointXml,
  writeExtensionsXml,
  writeMarkupXml,
  writeVersionXml,
  writeViewpointXml,
} from './bcf.xml.ts';
import {
  parseMarkup2Xml,
  parseViewpoint2Xml,
  writeMarkup21Xml,
  writeVersion21Xml,
  writeViewpoint21Xml,
} from './bcf2.xml.ts';
import { completeFromComments, mainViewpoint } from './bcf.mapping.ts';
import { formatMeasurementsFile, measurementsFileOf, parseMeasurementsFile } from './bcf.measurements.ts';
import { imageTypeOf } from '../../http/images.ts';
import { MAX_ISSUE_SNAPSHOT_BYTES } from '@penstock/shared';
import { nameGuid, parseVersionXml } from './bcf.xmlio.ts';

const MB = 1024 * 1024;
/** Caps on what an imported BCF zip may unzip to; an archive over any of them is refused whole. */
export const BCF_ZIP_LIMITS: ZipLimits = {
  maxEntryBytes: 20 * MB,
  maxTotalBytes: 200 * MB,
  maxEntries: 10_000,
};

/** The entries import reads (snapshots too); models and anything else in the zip are not unzipped. */
const isBcfPart = (name: string) =>
  name === 'bcf.version' ||
  /^[^/]+\/markup\.bcf$/.test(name) ||
  /^[^/]+\/[^/]+\.(bcfv|png|jpe?g|penstock\.json)$/i.test(name);

async function unzip(content: Buffer): Promise<Map<string, Buffer>> {
  try {
    return await readZipEntries(content, BCF_ZIP_LIMITS, isBcfPart);
  } catch (error) {
    if (!(error instanceof ZipError)) throw error;
    if (error.message.startsWith('The file is not a readable zip archive'))
      throw badRequest('The file is not a BCF file: it is not a zip archive');
    throw badRequest(`The BCF file was refused: ${error.message}`);
  }
}

const SCHEMAS = {
  '3.0': { markup: parseMarkupXml, viewpoint: parseViewpointXml },
  '2.1': { markup: parseMarkup2Xml, viewpoint: parseViewpoint2Xml },
  '2.0': { markup: parseMarkup2Xml, viewpoint: parseViewpoint2Xml },
  '1.0': { markup: parseMarkup2Xml, viewpoint: parseViewpoint2Xml },
} as const;

/** Viewpoints in their Index order; those without an Index keep their place in the file, after the rest. */
const byIndex = (entries: readonly BcfTopicViewpoint[]) =>
  entries
    .map((entry, position) => ({ entry, position }))
    .sort((a, b) => (a.entry.index ?? Infinity) - (b.entry.index ?? Infinity) || a.position - b.position)
    .map(({ entry }) => entry);

/** Every topic of a BCF 1.0, 2.0, 2.1 or 3.0 zip, or a 400 with the first problem. Nothing is written here. */
export async function readBcf(content: Buffer): Promise<{ version: string; topics: ParsedTopic[] }> {
  const files = await unzip(content);
  const text = (name: string) =>
    files
      .get(name)
      ?.toString('utf8')
      .replace(/^\uFEFF/, '');
  try {
    const markups = [...files.keys()].filter((name) => name.endsWith('/markup.bcf')).sort();
    const versionText = text('bcf.version');
    // BCF 1.0 has no bcf.version (Solibri and others wrote many such files): topic folders alone say it
    if (versionText === undefined && !markups.length)
      throw new BcfFormatError('The file is not a BCF file: bcf.version is missing');
    const version = versionText === undefined ? '1.0' : parseVersionXml(versionText);
    if (!(BCF_IMPORT_VERSIONS as readonly string[]).includes(version))
      throw new BcfFormatError(
        `Only BCF 1.0, 2.0, 2.1 and 3.0 files can be imported (this file is BCF ${version})`,
      );
    const schema = SCHEMAS[version as keyof typeof SCHEMAS];
    const topics: ParsedTopic[] = [];
    for (const name of markups) {
      const folder = name.split('/')[0]!;
      const read = schema.markup(text(name)!, name);
      const topic = version === '1.0' || version === '2.0' ? completeFromComments(read) : read;
      // a topic that lists no viewpoints may still have BCF 1.0's viewpoint.bcfv (and snapshot.png) beside it
      if (!topic.viewpoints.length && files.has(`${folder}/viewpoint.bcfv`)) {
        const snapshot = files.has(`${folder}/snapshot.png`) ? 'snapshot.png' : null;
        topic.viewpoints = [{ guid: '', viewpoint: 'viewpoint.bcfv', snapshot, index: null }];
      }
      topic.viewpoints = byIndex(topic.viewpoints);
      const viewpoints: BcfViewpoint[] = [];
      for (const entry of topic.viewpoints) {
        const file = entry.viewpoint ? `${folder}/${entry.viewpoint}` : null;
        const xml = file ? text(file) : undefined;
        if (!file || xml === undefined) continue;
        const viewpoint = schema.viewpoint(xml, file);
        const guid = entry.guid || viewpoint.guid || nameGuid(`${topic.guid}/${entry.viewpoint}`);
        entry.guid = guid;
        // Penstock's own measurements beside it (bcf.measurements.ts), when the file has them
        const measurements = parseMeasurementsFile(text(measurementsFileOf(file)));
        viewpoints.push({ ...viewpoint, guid, ...(measurements?.length ? { measurements } : {}) });
      }
      topics.push({ topic, viewpoints, snapshot: snapshotOf(topic.viewpoints, viewpoints, folder, files) });
    }
    const guids = new Set<string>();
    for (const { topic } of topics) {
      if (guids.has(topic.guid)) throw new BcfFormatError(`Topic ${topic.guid} appears twice in the file`);
      guids.add(topic.guid);
    }
    return { version, topics };
  } catch (error) {
    if (error instanceof BcfFormatError) throw badRequest(error.message);
    throw error;
  }
}

/**
 * The snapshot of a topic's main viewpoint (else the first snapshot the topic names) when the file has it as
 * a PNG or JPEG (by its bytes) of at most MAX_ISSUE_SNAPSHOT_BYTES; otherwise none (a picture Penstock cannot
 * show does not refuse the file).
 */
function snapshotOf(
  entries: readonly BcfTopicViewpoint[],
  viewpoints: readonly BcfViewpoint[],
  folder: string,
  files: ReadonlyMap<string, Buffer>,
): BcfSnapshot | null {
  const main = mainViewpoint(viewpoints);
  const entry =
    entries.find((e) => e.snapshot && main && e.guid === main.guid) ?? entries.find((e) => e.snapshot);
  const bytes = entry?.snapshot ? files.get(`${folder}/${entry.snapshot}`) : undefined;
  const type = bytes ? imageTypeOf(bytes) : null;
  return bytes && type && bytes.length <= MAX_ISSUE_SNAPSHOT_BYTES ? { type, bytes } : null;
}

// ---- writing ------------------------------------------------------------------------------------------

/** A topic to write: its fields and comments, its viewpoints, and the snapshot of its main viewpoint. */
export interface ExportTopic {
  topic: Omit<BcfTopic, 'viewpoints'>;
  viewpoints: BcfViewpoint[];
  snapshot: BcfSnapshot | null;
}

/** Whether a viewpoint has anything for a .bcfv file to say. */
const hasFile = (v: BcfViewpoint) =>
  !!v.camera ||
  v.selection.length > 0 ||
  !!v.visibility ||
  !!v.coloring?.length ||
  !!v.lines?.length ||
  !!v.measurements?.length ||
  !!v.clippingPlanes?.length;

const WRITERS = {
  '3.0': { version: writeVersionXml, markup: writeMarkupXml, viewpoint: writeViewpointXml },
  '2.1': { version: writeVersion21Xml, markup: writeMarkup21Xml, viewpoint: writeViewpoint21Xml },
} as const;

/**
 * A BCF zip of these topics: bcf.version, extensions.xml (3.0 only; BCF 2.1 keeps its extensions in an
 * optional schema file), and per topic `<guid>/markup.bcf`, a `viewpoint-<guid>.bcfv` for each viewpoint
 * with anything to say (with Penstock's measurements beside it: `viewpoint-<guid>.penstock.json`), and the snapshot (`snapshot-<guid>.png`, or `.jpg`) with the main viewpoint.
 */
export async function writeBcf(
  version: BcfExportVersion,
  topics: readonly ExportTopic[],
  extensions: { topicTypes: readonly string[]; topicStatuses: readonly string[]; users: readonly string[] },
): Promise<Buffer> {
  const write = WRITERS[version];
  const zip = new JSZip();
  zip.file('bcf.version', write.version());
  if (version === '3.0') zip.file('extensions.xml', writeExtensionsXml(extensions));
  for (const { topic, viewpoints, snapshot } of topics) {
    const folder = zip.folder(topic.guid)!;
    const main = snapshot ? mainViewpoint(viewpoints) : undefined;
    const snapshotName = main && `snapshot-${main.guid}.${snapshot!.type === 'image/jpeg' ? 'jpg' : 'png'}`;
    const entries: BcfTopicViewpoint[] = viewpoints.map((v, index) => ({
      guid: v.guid,
      viewpoint: hasFile(v) ? `viewpoint-${v.guid}.bcfv` : null,
      snapshot: v === main ? snapshotName! : null,
      index: version === '2.1' ? index : null,
    }));
    folder.file('markup.bcf', write.markup({ ...topic, viewpoints: entries }));
    for (const v of viewpoints) {
      if (!hasFile(v)) continue;
      const file = `viewpoint-${v.guid}.bcfv`;
      folder.file(file, write.viewpoint(v));
      if (v.measurements?.length)
        folder.file(measurementsFileOf(file), formatMeasurementsFile(v.measurements));
    }
    if (snapshot && snapshotName) folder.file(snapshotName, snapshot.bytes);
  }
  return zip.generateAsync({ type: 'nodebuffer', compression: 'DEFLATE' });
}
