import type { CurrentUser } from '@penstock/shared';
import type { BlobStore } from '../../storage/blobStore.ts';
import type { AccessService } from '../../security/access.ts';
import type { IssuesService } from '../issues/index.ts';
import { BcfExporter } from './bcf.export.ts';
import { BcfImporter } from './bcf.import.ts';
import type { BcfImportAnswer } from './bcf.presenter.ts';
import type { BcfRepo } from './bcf.repo.ts';
import type { BcfExportVersion } from './bcf.types.ts';

/**
 * BCF export (3.0 or 2.1) and import (2.0, 2.1 or 3.0) of a project's issues. Any member exports; importing
 * needs the right to edit the project's issues, checked before the file is read.
 */
export class BcfService {
  private readonly exporter: BcfExporter;
  private readonly importer: BcfImporter;

  constructor(
    private readonly issues: IssuesService,
    repo: BcfRepo,
    blobs: BlobStore,
    private readonly access: AccessService,
  ) {
    this.exporter = new BcfExporter(issues, repo, blobs);
    this.importer = new BcfImporter(issues, repo, blobs);
  }

  async exportProject(
    user: CurrentUser,
    projectId: string,
    version: BcfExportVersion = '3.0',
  ): Promise<{ fileName: string; content: Buffer }> {
    await this.access.requireAccess(user, { project: projectId }, 'read');
    return this.exporter.run(user, projectId, version);
  }

  /** The whole file is read and checked first: a malformed file is refused before anything is written. */
  async importProject(user: CurrentUser, projectId: string, content: Buffer): Promise<BcfImportAnswer> {
    await this.access.requireAccess(user, { project: projectId }, 'writeIssues');
    return this.importer.run(user, projectId, content);
  }
}
