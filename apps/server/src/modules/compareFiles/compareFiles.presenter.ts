import type { CompareFile } from '@penstock/shared';
import { presentVersion } from '../documents/documents.presenter.ts';
import type { VersionRow } from '../documents/index.ts';

export const presentCompareFile = (version: VersionRow, projectId: string): CompareFile => ({
  ...presentVersion(version),
  projectId,
});
