import type { ShellRoute } from '@penstock/shared';

export interface PlannedPage {
  title: string;
  /** one honest line on what the page will hold */
  summary: string;
}

/** Shell pages whose features arrive in later releases. */
export const PLANNED_PAGES: Partial<Record<ShellRoute, PlannedPage>> = {};
