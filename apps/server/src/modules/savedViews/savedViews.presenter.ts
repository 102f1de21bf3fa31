import type { SavedView, SavedViewState, SavedViewSummary } from '@penstock/shared';
import type { SavedViewFullRow, SavedViewListRow } from './savedViews.repo.ts';

/** An author whose account is not found (never expected: accounts are disabled, not deleted). */
export const UNKNOWN_AUTHOR = 'Unknown user';

export function presentSummary(row: SavedViewListRow, mayChange: boolean): SavedViewSummary {
  return {
    id: row.id,
    projectId: row.project_id,
    name: row.name,
    versionId: row.version_id,
    itemId: row.item_id,
    fileName: row.file_name,
    versionNumber: Number(row.version_number),
    revision: row.revision,
    suitability: row.suitability,
    createdById: row.created_by,
    createdByName: row.created_by_name ?? UNKNOWN_AUTHOR,
    createdAt: row.created_at,
    updatedAt: row.updated_at,
    mayChange,
  };
}

export function presentView(row: SavedViewFullRow, mayChange: boolean): SavedView {
  return { ...presentSummary(row, mayChange), state: JSON.parse(row.state) as SavedViewState };
}
