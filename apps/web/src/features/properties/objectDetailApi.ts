import type { ObjectDetail as ObjectDetailContract } from '@penstock/shared';
import { apiFetch } from '../../base/api.ts';

/** The calls for one object of a model (docs/api.md, 'Models'): what the Properties panel shows. */

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

const objectUrl = (versionId: string, localId: number) =>
  `/api/models/${encodeURIComponent(versionId)}/objects/${localId}`;

export const objectDetailKey = (versionId: string, localId: number) =>
  ['models', versionId, 'object', localId] as const;

export const fetchObjectDetail = (versionId: string, localId: number): Promise<ObjectDetail> =>
  apiFetch(objectUrl(versionId, localId));
