/**
 * Runs in a child process of the server (idsCheck.run.ts forks it; a crash here ends this process, never the
 * server): reads one IFC model once (packages/ids IfcFile: its text indexed, web-ifc for what that reader is
 * not sure of; the conversion's guards first) and checks it against each IDS of the job, sending each check's
 * result as the rows the server stores. The job comes in the first message; the process checks one model and
 * exits.
 */
import fs from 'node:fs';
import path from 'node:path';
import {
  IfcFile,
  PROHIBITED,
  checkModel,
  parseIds,
  prepareIfc,
  type FoundProperty,
  type FoundPropertySet,
  type IdsDocument,
  type SpecificationResult,
} from '@penstock/ids';
import {
  PENSTOCK_DYNAMIC_PSET,
  READABLE_IFC_SCHEMAS,
  fileExtensionOf,
  schemaOfHeader,
  unreadableSchemaMessage,
  type IdsRequirementFailure,
  type IdsSpecificationResult,
} from '@penstock/shared';
import { ZipError, extractZipEntry } from '../../storage/zip.ts';
import { describeFacet } from './idsReading.ts';
import type { CheckJobIds, CheckJobInput, CheckJobMessage, CheckJobResult } from './idsCheck.messages.ts';
import type { FailureRow } from './idsChecks.repo.ts';

const post = (message: CheckJobMessage) => process.send!(message);

/** A model that cannot be read: the reason, for the user. */
class Unreadable extends Error {}

async function modelBytes(input: CheckJobInput): Promise<Uint8Array> {
  let file = input.ifcPath;
  const zipped = fileExtensionOf(input.fileName) === 'ifczip';
  if (zipped) {
    file = path.join(input.scratchDir, `ids-${process.pid}-${Date.now()}.ifc`);
    try {
      await extractZipEntry(
        input.ifcPath,
        (names) => names.find((name) => /\.ifc$/i.test(name) && !name.startsWith('__MACOSX/')),
        file,
        { maxEntryBytes: input.maxUnzippedBytes, maxEntries: 10_000 },
      );
    } catch (error) {
      if (error instanceof ZipError)
        throw new Unreadable(`The .ifczip archive could not be unzipped: ${error.message}`);
      throw error;
    }
  }
  try {
    // the file's buffer itself (a copy of a large model would double it: the checker keeps the bytes)
    const buffer = fs.readFileSync(file);
    const bytes = new Uint8Array(buffer.buffer, buffer.byteOffset, buffer.byteLength);
    // what would make web-ifc scan or abort: not STEP, cut off, a schema it cannot read
    const head = Buffer.from(bytes.subarray(0, 4096)).toString('latin1');
    if (!head.trimStart().startsWith('ISO-10303-21'))
      throw new Unreadable('The model cannot be read: it does not start with the STEP header ISO-10303-21');
    const tail = Buffer.from(bytes.subarray(Math.max(0, bytes.length - 4096))).toString('latin1');
    if (!/END-ISO-10303-21\s*;/i.test(tail))
      throw new Unreadable(
        'The model cannot be read: it is incomplete (it does not end with END-ISO-10303-21;)',
      );
    const schema = schemaOfHeader(head);
    if (!(READABLE_IFC_SCHEMAS as readonly string[]).includes(schema))
      throw new Unreadable(`The model cannot be read. ${unreadableSchemaMessage(schema)}`);
    return bytes;
  } finally {
    if (zipped) fs.rmSync(file, { force: true });
  }
}

/** A dynamic value as IDS reads it: a number when it reads as one (IFCREAL), else a label (IFCLABEL). */
function dynamicProperty(name: string, value: string): FoundProperty {
  const text = value.trim();
  const number = text !== '' && /^[-+]?(\d+\.?\d*|\.\d+)([eE][-+]?\d+)?$/.test(text) ? Number(text) : null;
  return {
    name,
    kind: 'IFCPROPERTYSINGLEVALUE',
    supported: true,
    columns: [
      number !== null
        ? { dataType: 'IFCREAL', values: [number] }
        : { dataType: 'IFCLABEL', values: text === '' ? [] : [value] },
    ],
    empty: text === '',
  };
}

function dynamicSets(dynamic: CheckJobIds['dynamic']): Map<number, FoundPropertySet[]> | undefined {
  if (!dynamic) return undefined;
  const sets = new Map<number, FoundPropertySet[]>();
  for (const [expressId, values] of dynamic)
    sets.set(expressId, [
      {
        name: PENSTOCK_DYNAMIC_PSET,
        properties: new Map(values.map((v) => [v.name, dynamicProperty(v.name, v.value)])),
      },
    ]);
  return sets;
}

function specificationRow(spec: SpecificationResult, index: number): IdsSpecificationResult {
  return {
    index,
    name: spec.name,
    identifier: spec.identifier,
    description: spec.description,
    usage: spec.usage,
    pass: spec.pass,
    ifcVersionMatches: spec.ifcVersionMatches,
    applicable: spec.applicable,
    passed: spec.passed,
    failed: spec.failed.length,
    reason: spec.reason,
  };
}

function checkOne(file: IfcFile, check: CheckJobIds): CheckJobResult {
  const document: IdsDocument = parseIds(check.xml);
  const extra = dynamicSets(check.dynamic);
  const result = checkModel(file, document, {
    applicableIds: true,
    ...(extra ? { extraPropertySets: extra } : {}),
    onProgress: (fraction) => post({ type: 'progress', checkId: check.checkId, value: fraction }),
  });
  const failures: FailureRow[] = [];
  result.specifications.forEach((spec, specIndex) => {
    const { requirements, applicability } = document.specifications[specIndex]!;
    for (const element of spec.failed) {
      const detail: IdsRequirementFailure[] = element.failures.map(({ requirement, reason }) =>
        requirement === PROHIBITED
          ? {
              requirement,
              facet: applicability[0]?.facet ?? 'entity',
              expected: 'none in the model (the specification is prohibited)',
              found: `${reason}: ${applicability.map((facet) => describeFacet(facet, false)).join(', ')}`,
            }
          : {
              requirement,
              facet: requirements[requirement]!.facet,
              expected: describeFacet(requirements[requirement]!, true),
              found: reason,
            },
      );
      failures.push({
        check_id: check.checkId,
        spec_index: specIndex,
        express_id: element.expressId,
        global_id: element.globalId,
        ifc_class: element.ifcClass,
        name: element.name,
        failures: JSON.stringify(detail),
        search_text: [element.globalId ?? '', element.name ?? '', element.ifcClass].join(' ').toLowerCase(),
      });
    }
  });
  return {
    checkId: check.checkId,
    pass: result.pass,
    specifications: JSON.stringify(result.specifications.map(specificationRow)),
    objects: result.specifications.map((spec, specIndex) => ({
      spec_index: specIndex,
      applicable: JSON.stringify(spec.applicableIds ?? []),
    })),
    failures,
  };
}

async function run(input: CheckJobInput): Promise<void> {
  let file: IfcFile;
  try {
    // the checker keeps the bytes it parses lines from (web-ifc, when it is asked, copies them)
    file = await IfcFile.open(await modelBytes(input));
  } catch (error) {
    const message = error instanceof Error ? error.message : String(error);
    post({
      type: 'failed',
      error: error instanceof Unreadable ? message : `The model cannot be read: ${message}`,
    });
    return;
  }
  try {
    for (const check of input.checks) {
      try {
        post({ type: 'result', result: checkOne(file, check) });
      } catch (error) {
        post({
          type: 'checkFailed',
          checkId: check.checkId,
          error: `The check failed: ${error instanceof Error ? error.message : String(error)}`,
        });
      }
    }
  } finally {
    file.close();
  }
  post({ type: 'done' });
}

// the server went away (killed, or stopped): nothing is left to check for
process.on('disconnect', () => process.exit(0));
process.once('message', (job: CheckJobInput) => {
  run(job).catch((error: unknown) =>
    post({
      type: 'failed',
      error: `The check failed: ${error instanceof Error ? error.message : String(error)}`,
    }),
  );
});
// ready once web-ifc and the schemas are loaded: a process started ahead of need takes its job at once
void prepareIfc().then(
  () => post({ type: 'ready' }),
  () => post({ type: 'ready' }),
);
