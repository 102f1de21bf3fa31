import type { FastifyInstance } from 'fastify';
import type { Db } from '../../db/database.ts';
import type { AccessService } from '../../security/access.ts';
import type { BlobStore } from '../../storage/blobStore.ts';
import type { DocumentFiles, DocumentsRepo } from '../documents/index.ts';
import type { ProjectDirectory } from '../projects/index.ts';
import type { SketchesService } from '../sketches/index.ts';
import { SketchIssueRepo } from './sketchIssue.repo.ts';
import { SketchIssueService, type SketchIssueDeps } from './sketchIssue.service.ts';
import { sketchIssueRoutes } from './sketchIssue.routes.ts';
import { SketchSymbols } from './sketchSymbols.ts';
import { ISSUED_RENDITIONS } from './renditions.ts';
import { renderSketchSheetInWorker } from './renderSketchSheet.ts';

export { SketchIssueService } from './sketchIssue.service.ts';
export { ISSUED_RENDITIONS, type IssueRendition } from './renditions.ts';

export interface SketchIssueWiring {
  documentsRepo: DocumentsRepo;
  files: DocumentFiles;
  blobs: BlobStore;
  projects: ProjectDirectory;
  sketches: SketchesService;
  access: AccessService;
}

/** The service on `db`; `overrides` replace parts (a test's failing step). */
export function sketchIssueService(
  db: Db,
  wiring: SketchIssueWiring,
  options: { webDistDir: string },
  overrides: Partial<SketchIssueDeps> = {},
): SketchIssueService {
  return new SketchIssueService({
    repo: new SketchIssueRepo(db),
    documents: wiring.documentsRepo,
    files: wiring.files,
    blobs: wiring.blobs,
    projects: wiring.projects,
    sketches: wiring.sketches,
    symbols: new SketchSymbols(options.webDistDir),
    access: wiring.access,
    renditions: ISSUED_RENDITIONS,
    renderSheet: renderSketchSheetInWorker,
    ...overrides,
  });
}

/** Issuing sketches into project folders as controlled drawings (issue 37 §5). */
export function registerSketchIssue(
  app: FastifyInstance,
  db: Db,
  wiring: SketchIssueWiring,
  options: { webDistDir: string },
): void {
  sketchIssueRoutes(app, sketchIssueService(db, wiring, options));
}
