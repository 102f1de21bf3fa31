import { LegendDataSchema, type LegendData } from '@penstock/shared';
import { apiFetch } from '../../base/api.ts';

export const legendKey = ['legend'] as const;

/** GET /api/legend: the fluid codes, pipe materials and static property guide in use. */
export const fetchLegend = (): Promise<LegendData> => apiFetch('/api/legend', {}, LegendDataSchema);
