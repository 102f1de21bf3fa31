import type { ModelGeoreference } from '@penstock/shared';
import { apiFetch } from '../../base/api.ts';

/**
 * A model's info (docs/api.md, 'Models'): the viewer, the markups and the workflow all read it, so it lives
 * in no one of them. Ids are version ids (`v.<uuid>`).
 */

export type ConversionState = 'queued' | 'running' | 'done' | 'failed' | 'none';

export interface Viewable {
  guid: string;
  name: string;
  role: '3d' | '2d';
  storey?: string;
  page?: number;
}

export interface ModelInfo {
  versionId: string;
  itemId: string;
  projectId: string;
  projectName: string;
  fileName: string;
  fileType: string;
  /** the version's number in its item and its ISO 19650 revision (older servers send neither) */
  versionNumber?: number;
  revision?: string;
  conversion: { state: ConversionState; progress: number; error: string | null };
  objectCount: number;
  viewables: Viewable[];
  /** where the model sits in the world (its IfcMapConversion or IfcSite): federated models line up by it */
  georeference?: ModelGeoreference | null;
}

export const modelInfoKey = (versionId: string) => ['models', versionId, 'info'] as const;

export const fetchModelInfo = (versionId: string): Promise<ModelInfo> =>
  apiFetch(`/api/models/${encodeURIComponent(versionId)}`);

/** Conversion still under way: poll the model info. */
export const isConverting = (info: ModelInfo | undefined): boolean =>
  info?.conversion?.state === 'queued' || info?.conversion?.state === 'running';
