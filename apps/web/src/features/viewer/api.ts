import { apiFetch, apiFetchBytes } from '../../base/api.ts';

/** The models API the viewer draws from (docs/api.md, 'Models'). Ids are version ids (`v.<uuid>`). */

// a model's info is read by other features too (markups, workflow): it lives in features/models
export {
  fetchModelInfo,
  isConverting,
  modelInfoKey,
  type ConversionState,
  type ModelInfo,
  type Viewable,
} from '../models/api.ts';

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

const modelUrl = (versionId: string) => `/api/models/${encodeURIComponent(versionId)}`;

export const objectIndexKey = (versionId: string) => ['models', versionId, 'objects'] as const;

export const fetchFragments = (versionId: string): Promise<ArrayBuffer> =>
  apiFetchBytes(`${modelUrl(versionId)}/fragments`);

/** The localId of every geometry item of the .frag (entry i for item i): GPU picks name objects with it. */
export const fetchItemIndex = async (versionId: string): Promise<Uint32Array> =>
  new Uint32Array(await apiFetchBytes(`${modelUrl(versionId)}/items`));

export const fetchObjectIndex = (versionId: string): Promise<ObjectIndex> =>
  apiFetch(`${modelUrl(versionId)}/objects`);
