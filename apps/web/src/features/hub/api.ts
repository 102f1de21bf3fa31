import type { HubMarkup, HubWorkflow, PendingCounts, WorkflowDetail } from '@penstock/shared';
import { apiFetch } from '../../base/api.ts';

/** The personal hub's lists (hub spec §7). Every key starts with 'hub': invalidate ['hub'] after a decision. */
export const hubKeys = {
  all: ['hub'] as const,
  counts: ['hub', 'counts'] as const,
  workflows: (list: WorkflowList, userId: string) => ['hub', 'workflows', list, userId] as const,
  markups: (list: MarkupList, userId: string) => ['hub', 'markups', list, userId] as const,
  workflow: (id: string) => ['hub', 'workflow', id] as const,
};

export type WorkflowList = 'created' | 'pendingReview' | 'pendingApproval';
export type MarkupList = 'created' | 'pending';

const q = (value: string) => encodeURIComponent(value);

/** GET /api/workflow/{created|pendingReview|pendingApproval}?id={userId}. */
export const fetchWorkflows = (list: WorkflowList, userId: string): Promise<HubWorkflow[]> =>
  apiFetch(`/api/workflow/${list}?id=${q(userId)}`);

/** GET /api/markup/{created|pending}?id={userId}. */
export const fetchMarkups = (list: MarkupList, userId: string): Promise<HubMarkup[]> =>
  apiFetch(`/api/markup/${list}?id=${q(userId)}`);

/** GET /api/workflow?id=: one workflow with its history. */
export const fetchWorkflow = (id: string): Promise<WorkflowDetail> => apiFetch(`/api/workflow?id=${q(id)}`);

/** GET /api/markup?id=: one markup. */
export const fetchMarkup = (id: string): Promise<HubMarkup> => apiFetch(`/api/markup?id=${q(id)}`);

/** GET /api/hub/counts: the signed-in user's pending work, for the header. */
export const fetchPendingCounts = (): Promise<PendingCounts> => apiFetch('/api/hub/counts');
