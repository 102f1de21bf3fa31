import crypto from 'node:crypto';
import {
  SKETCH_LIMITS,
  SKETCH_VERSION,
  defaultPidSpec,
  drawingNameProblem,
  formatDrawingName,
  sketchBaseName,
  sketchLimitProblems,
  type CurrentUser,
  type DexpiImportAnswer,
  type SketchContent,
} from '@penstock/shared';
import { DexpiFormatError, XmlSyntaxError, readDexpi, writeDexpi } from '@penstock/dexpi';
import { HttpError, badRequest, conflict, notFound } from '../../http/errors.ts';
import type { AccessService } from '../../security/access.ts';
import type { SketchesRepo } from './sketches.repo.ts';
import { presentSketch } from './sketches.presenter.ts';

/** How many ' (2)', ' (3)' … an import tries before it gives up finding a free name. */
const MAX_NAME_TRIES = 50;

/** A file name from a sketch's name: no path or control characters. */
const fileNameOf = (name: string) =>
  // eslint-disable-next-line no-control-regex
  `${name.replace(/[\\/:*?"<>|\u0000-\u001f]+/g, '_').trim() || 'sketch'}.dexpi.xml`;

/**
 * DEXPI exchange of P&ID sketches (issue 37 §4): a saved sketch as DEXPI 1.3 XML for every member, and a
 * DEXPI file from another tool as a new sketch for members and managers (viewers only read).
 */
export class SketchDexpiService {
  constructor(
    private readonly repo: SketchesRepo,
    private readonly access: AccessService,
  ) {}

  async exportDexpi(
    user: CurrentUser,
    projectId: string,
    sketchId: string,
  ): Promise<{ fileName: string; xml: string }> {
    await this.access.requireAccess(user, { project: projectId }, 'read');
    const row = await this.repo.findById(projectId, sketchId);
    if (!row) throw notFound(`No saved sketch '${sketchId.slice(0, 100)}' in this project`);
    const sketch = presentSketch(row);
    const name = sketchBaseName(sketch.DrawingName);
    const { xml } = writeDexpi({ name, lists: sketch, pid: sketch.PidSpec });
    return { fileName: fileNameOf(name), xml };
  }

  /**
   * Reads the file (400 naming the line and the reason when it is not well-formed XML or not a DEXPI plant
   * model; 413 when it maps to more than a sketch holds), then stores it as one new sketch under a name no
   * other sketch of the project has: the name given, else the file's drawing name, else the file's name,
   * with ' (2)', ' (3)' … added when taken. One insert: nothing is written when anything fails.
   */
  async importDexpi(
    user: CurrentUser,
    projectId: string,
    xml: string,
    fileName: string,
    wanted: string,
  ): Promise<DexpiImportAnswer> {
    await this.access.requireAccess(user, { project: projectId }, 'changeSketches');
    let result: ReturnType<typeof readDexpi>;
    try {
      result = readDexpi(xml);
    } catch (error) {
      if (error instanceof XmlSyntaxError || error instanceof DexpiFormatError)
        throw badRequest(error.message);
      throw error;
    }
    const problems = sketchLimitProblems(result.lists);
    if (problems.length)
      throw new HttpError(413, `This DEXPI file is too large for a sketch: ${problems.join('; ')}`);
    const base = (wanted.trim() || result.name || fileName.replace(/\.[^.]*$/, '').trim() || 'Imported DEXPI')
      .slice(0, SKETCH_LIMITS.maxNameLength - 6)
      .trim();
    const problem = drawingNameProblem(base);
    if (problem) throw badRequest(problem);
    const content: SketchContent = {
      ...result.lists,
      StageSpec: result.view,
      PidSpec: { ...defaultPidSpec(), metresPerUnit: result.metresPerUnit },
      Version: SKETCH_VERSION,
    };
    const contentJson = JSON.stringify(content);
    const now = new Date();
    for (let n = 1; n <= MAX_NAME_TRIES; n += 1) {
      const baseName = n === 1 ? base : `${base} (${n})`;
      const drawingName = formatDrawingName(baseName, now);
      const saved = await this.repo.save(
        {
          id: `s.${crypto.randomUUID()}`,
          project_id: projectId,
          drawing_name: drawingName,
          base_name: sketchBaseName(drawingName),
          content_json: contentJson,
          version: SKETCH_VERSION,
          bytes: Buffer.byteLength(contentJson),
          updated_by: user.id,
          updated_at: now.toISOString(),
        },
        null,
      );
      if (!('conflict' in saved)) return { sketchId: saved.sketchId, drawingName, report: result.report };
    }
    throw conflict(
      `Every name from '${base}' to '${base} (${MAX_NAME_TRIES})' is taken: give the import a name`,
    );
  }
}
