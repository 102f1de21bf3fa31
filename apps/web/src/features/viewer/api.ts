import type { ObjectDetail as ObjectDetailContract } from '@penstock/shared';
import { apiFetch, apiFetchBytes } from '../../app/api.ts';

/** The models API (docs/api.md, 'Models'). Ids are version ids (`v.<uuid>`). */

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
  conversion: { state: ConversionState; progress: number; error: string | null };
  objectCount: number;
  viewables: Viewable[];
}

/** The object index in columns: entry i of every column describes the object localIds[i]. */
export interface ObjectIndex {
  localIds: number[];
  /** -1 = none */
  parents: number[];
  guids: string[];
  /** '' = none (already the parent's when the object has none) */
  tags: string[];
  categories: string[];
  /** 1 when the object has a property named Hazard */
  hazard: number[];
}

export interface ElementProperty {
  displayName: string;
  displayValue: string | number | boolean | null;
  displayCategory: string;
  units: string;
  dbId: number;
  /** a property the element has through its type object */
  fromType?: true;
}

/** GET /api/models/<version id>/objects/<localId>: identity, tag and category sources, properties. */
export type ObjectDetail = Omit<ObjectDetailContract, 'properties'> & { properties: ElementProperty[] };

const modelUrl = (versionId: string) => `/api/models/${encodeURIComponent(versionId)}`;

export const modelInfoKey = (versionId: string) => ['models', versionId, 'info'] as const;
export const objectIndexKey = (versionId: string) => ['models', versionId, 'objects'] as const;
export const propertiesKey = (versionId: string, localId: number) =>
  ['models', versionId, 'properties', localId] as const;

export const fetchModelInfo = (versionId: string): Promise<ModelInfo> => apiFetch(modelUrl(versionId));

export const fetchFragments = (versionId: string): Promise<ArrayBuffer> =>
  apiFetchBytes(`${modelUrl(versionId)}/fragments`);

/** The localId of every geometry item of the .frag (entry i for item i): GPU picks name objects with it. */
export const fetchItemIndex = async (versionId: string): Promise<Uint32Array> =>
  new Uint32Array(await apiFetchBytes(`${modelUrl(versionId)}/items`));

export const fetchObjectIndex = (versionId: string): Promise<ObjectIndex> =>
  apiFetch(`${modelUrl(versionId)}/objects`);

export const fetchProperties = (versionId: string, localId: number): Promise<ElementProperty[]> =>
  apiFetch(`${modelUrl(versionId)}/objects/${localId}/properties`);

export const objectDetailKey = (versionId: string, localId: number) =>
  ['models', versionId, 'object', localId] as const;

export const fetchObjectDetail = (versionId: string, localId: number): Promise<ObjectDetail> =>
  apiFetch(`${modelUrl(versionId)}/objects/${localId}`);

/** Conversion still under way: poll the model info. */
export const isConverting = (info: ModelInfo | undefined): boolean =>
  info?.conversion.state === 'queued' || info?.conversion.state === 'running';
