import {
  SKETCH_LIST_KEYS,
  suitabilityCode,
  sketchSvgBounds,
  sketchSymbolSources,
  sketchToSvg,
  type CurrentUser,
  type SavedSketch,
  type SketchIssueAnswer,
  type SketchIssuePreview,
  type SketchLists,
  type IssueSketchRequestSchema,
} from '@penstock/shared';
import crypto from 'node:crypto';
import type { z } from 'zod';
import { badRequest, conflict, notFound } from '../../http/errors.ts';
import type { AccessService } from '../../security/access.ts';
import type { BlobStore } from '../../storage/blobStore.ts';
import type { DocumentFiles, DocumentsRepo } from '../documents/index.ts';
import { stateOfTrail } from '../documents/index.ts';
import type { ProjectDirectory } from '../projects/index.ts';
import type { SketchesService } from '../sketches/index.ts';
import type { SketchIssueRepo } from './sketchIssue.repo.ts';
import type { SketchSymbols } from './sketchSymbols.ts';
import type { IssueRendition } from './renditions.ts';
import type { SheetRevision, SketchSheetInput } from './sketchSheet.ts';

export type IssueSketchInput = z.output<typeof IssueSketchRequestSchema>;

export interface SketchIssueDeps {
  repo: SketchIssueRepo;
  documents: DocumentsRepo;
  files: DocumentFiles;
  blobs: BlobStore;
  projects: ProjectDirectory;
  sketches: SketchesService;
  symbols: SketchSymbols;
  access: AccessService;
  renditions: readonly IssueRendition[];
  renderSheet: (input: SketchSheetInput) => Promise<Buffer>;
}

const day = (iso: string) => iso.slice(0, 10);

/**
 * Issuing a saved sketch into a project folder as a controlled drawing (issue 37 §5): every rendition
 * (ISSUED_RENDITIONS: the drawing sheet PDF, the native sketch …) is stored as `<drawing number>.<ext>`
 * through the document store's own path (the upload right in that folder, a document under review kept,
 * the project's naming standard, ISO 19650 revision and suitability from the folder), in one transaction,
 * each with the drawing's title. The sheet prints the revision the files get: when the folder would give
 * another (or another than the user saw), nothing is stored and the answer is 409.
 */
export class SketchIssueService {
  constructor(private readonly deps: SketchIssueDeps) {}

  /** The codes and names an issue would get, and the naming standard's say on the name. */
  async preview(
    user: CurrentUser,
    projectId: string,
    sketchId: string,
    query: { folderId: string; drawingNumber: string },
  ): Promise<SketchIssuePreview> {
    await this.deps.access.requireAccess(user, { project: projectId }, 'read');
    await this.deps.sketches.get(user, projectId, sketchId);
    const { trail } = await this.folderOf(projectId, query.folderId);
    const fileNames = this.fileNames(query.drawingNumber);
    const codes = await this.codesOf(query.folderId, fileNames);
    const state = stateOfTrail(trail);
    let nameProblem: string | null = null;
    for (const fileName of fileNames) {
      nameProblem ??= await this.deps.files.nameRefusal(projectId, state, fileName);
    }
    return {
      folderPath: trail.map((folder) => folder.name).join('/'),
      state,
      revision: codes.revision,
      suitability: codes.suitability,
      suitabilityDescription: suitabilityCode(codes.suitability)?.description ?? '',
      fileNames,
      nameProblem,
    };
  }

  async issue(
    user: CurrentUser,
    projectId: string,
    sketchId: string,
    input: IssueSketchInput,
  ): Promise<SketchIssueAnswer> {
    const { access, files } = this.deps;
    const role = await access.requireAccess(user, { project: projectId }, 'upload');
    const { trail } = await this.folderOf(projectId, input.folderId);
    await files.control.requireChangeIn(role, 'upload', [input.folderId]);
    const sketch = await this.deps.sketches.get(user, projectId, sketchId);
    // the version the sheet prints (read with the sketch; a save in between is caught by baseUpdatedAt)
    const sketchVersion = await this.deps.repo.latestVersion(sketchId);
    if (input.baseUpdatedAt && input.baseUpdatedAt !== sketch.updatedAt)
      throw conflict(
        `The sketch was saved by ${sketch.updatedBy || 'someone else'} at ${sketch.updatedAt} since you opened it: load it again and issue what is saved`,
      );
    const target = { projectId, folderId: input.folderId };
    const fileNames = this.fileNames(input.drawingNumber);
    // the document store's checks, before anything is built: a file under review, the naming standard
    let nameWarning: string | null = null;
    for (const fileName of fileNames) {
      const checked = await files.checkNewFile(target, fileName, { checkName: true });
      nameWarning ??= checked.nameWarning;
    }
    const state = stateOfTrail(trail);
    const codes = await this.codesOf(input.folderId, fileNames);
    if (input.revision && input.revision !== codes.revision)
      throw conflict(
        `The drawing's next revision in this folder is ${codes.revision}, not ${input.revision}: someone issued it since, or the folder gives another code`,
      );
    if (input.suitability && input.suitability !== codes.suitability)
      throw conflict(
        `A file put into this folder gets suitability ${codes.suitability}, not ${input.suitability}; a review gives other codes`,
      );
    const date = new Date().toISOString();
    const sheetIndex = Math.max(
      0,
      this.deps.renditions.findIndex((rendition) => rendition.extension === 'pdf'),
    );
    const revisions = await this.revisionsOf(input.folderId, input.drawingNumber, fileNames[sheetIndex]!);
    revisions.push({
      revision: codes.revision,
      date: day(date),
      description: input.description || `Issued ${codes.suitability}`,
      drawnBy: input.drawnBy,
      checkedBy: input.checkedBy,
    });
    const projectName = (await this.deps.projects.projectName(projectId)) ?? '';
    let sheet: Promise<Buffer> | null = null;
    const source = {
      sketch,
      sheetPdf: () =>
        (sheet ??= this.sheetOf(sketch).then((drawing) =>
          this.deps.renderSheet({
            ...drawing,
            sheet: input.sheet,
            titleBlock: {
              project: projectName,
              drawingNumber: input.drawingNumber,
              title: input.title,
              revision: codes.revision,
              suitability: codes.suitability,
              date: day(date),
              drawnBy: input.drawnBy,
              checkedBy: input.checkedBy,
            },
            revisions,
          }),
        )),
    };
    const built: Array<{ hash: string; size: number }> = [];
    for (const rendition of this.deps.renditions)
      built.push(await this.deps.blobs.putBuffer(await rendition.build(source)));
    // one transaction: every file and its title, or none (a stored blob nobody names is collected later)
    const recorded = await this.deps.repo.transaction(async (unit) => {
      const out = [];
      for (const [index, fileName] of fileNames.entries()) {
        const stored = await files.recordFile(
          unit.documents,
          state,
          user,
          target,
          fileName,
          built[index]!,
          {},
        );
        if (stored.version.revision !== codes.revision || stored.version.suitability !== codes.suitability)
          throw conflict(
            `'${fileName}' would be ${stored.version.revision} ${stored.version.suitability} where the sheet prints ${codes.revision} ${codes.suitability}: someone stored a version in between; issue again`,
          );
        await unit.standards.saveMetadata(
          stored.item.id,
          { title: input.title, description: `Issued from the sketch '${sketch.DrawingName}'` },
          user.id,
        );
        out.push(stored);
      }
      await unit.issues.record({
        id: `si.${crypto.randomUUID()}`,
        project_id: projectId,
        sketch_id: sketchId,
        sketch_version: sketchVersion,
        folder_id: input.folderId,
        drawing_number: input.drawingNumber,
        title: input.title,
        sheet: input.sheet,
        revision: codes.revision,
        suitability: codes.suitability,
        description: revisions.at(-1)!.description,
        drawn_by: input.drawnBy,
        checked_by: input.checkedBy,
        pdf_version_id: out[sheetIndex]!.version.id,
        issued_by: user.id,
        issued_at: date,
      });
      return out;
    });
    for (const { version } of recorded) await files.versionAdded(version);
    return {
      folderPath: trail.map((folder) => folder.name).join('/'),
      revision: codes.revision,
      suitability: codes.suitability,
      files: recorded.map(({ item, version }) => ({
        itemId: item.id,
        versionId: version.id,
        fileName: version.file_name,
      })),
      ...(nameWarning ? { nameWarning } : {}),
    };
  }

  private fileNames(drawingNumber: string): string[] {
    return this.deps.renditions.map((rendition) => `${drawingNumber}.${rendition.extension}`);
  }

  /** The folder, which must be one of the project's, with its trail (top folder first). */
  private async folderOf(projectId: string, folderId: string) {
    const trail = await this.deps.files.folderTrail(folderId);
    const folder = trail.at(-1);
    if (!folder || folder.project_id !== projectId) throw notFound('No such folder in this project');
    return { folder, trail };
  }

  /** The codes the next version of each file gets; the files of one drawing keep one revision. */
  private async codesOf(folderId: string, fileNames: readonly string[]) {
    const all = await Promise.all(fileNames.map((name) => this.deps.files.nextCodesFor(folderId, name)));
    const first = all[0]!;
    const other = all.findIndex((codes) => codes.revision !== first.revision);
    if (other >= 0)
      throw conflict(
        `'${fileNames[0]}' would be revision ${first.revision} but '${fileNames[other]}' ${all[other]!.revision} in this folder: the drawing's files have different histories; issue under another number or tidy the folder first`,
      );
    return first;
  }

  /**
   * The revision box's earlier rows: the sheet's earlier versions in this folder, oldest first, with what
   * their issue printed (a version stored otherwise, an upload, gets its codes and date only).
   */
  private async revisionsOf(
    folderId: string,
    drawingNumber: string,
    sheetName: string,
  ): Promise<SheetRevision[]> {
    const item = (await this.deps.documents.itemsInFolder(folderId)).find(
      (entry) => entry.name === sheetName,
    );
    if (!item) return [];
    const issued = new Map(
      (await this.deps.repo.ofDrawing(folderId, drawingNumber)).map((issue) => [issue.pdf_version_id, issue]),
    );
    return (await this.deps.documents.versionsOf(item.id)).reverse().map((version) => {
      const issue = issued.get(version.id);
      return {
        revision: version.revision,
        date: day(version.created_at),
        description: issue?.description ?? `Issued ${version.suitability}`,
        drawnBy: issue?.drawn_by ?? '',
        checkedBy: issue?.checked_by ?? '',
      };
    });
  }

  /** The saved sketch as an SVG drawing, its symbols from the library. */
  private async sheetOf(sketch: SavedSketch) {
    const lists = Object.fromEntries(
      SKETCH_LIST_KEYS.map((key) => [key, sketch[key]]),
    ) as unknown as SketchLists;
    if (SKETCH_LIST_KEYS.every((key) => lists[key].length === 0))
      throw badRequest('The sketch is empty: draw something before issuing it');
    const symbols = await this.deps.symbols.all();
    const used = new Map(sketchSymbolSources(lists).map((src) => [src, symbols.get(src)]));
    const options = { symbolSvg: (src: string) => used.get(src) };
    const bounds = sketchSvgBounds(lists, options);
    return { svg: sketchToSvg(lists, options), svgWidth: bounds.width, svgHeight: bounds.height };
  }
}
