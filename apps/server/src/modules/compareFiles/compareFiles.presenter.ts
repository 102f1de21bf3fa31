import type { CompareFile } from '@penstock/shared';
import { presentVersion, type VersionRow } from '../documents/index.ts';

export const presentCompareFile = (version: VersionRow, projectId: string): CompareFile => ({
  ...presentVersion(version),
  projectId,
});
