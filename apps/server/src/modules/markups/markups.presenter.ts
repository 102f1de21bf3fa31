import type { MarkupItem, MarkupRecord } from '@penstock/shared';
import type { MarkupItemRow, MarkupRow } from './markups.repo.ts';

export const previewUrl = (itemId: string): string => `/api/markups/preview/${itemId}`;

export function presentMarkupItem(row: MarkupItemRow): MarkupItem {
  return {
    markupId: row.id,
    markupTitle: row.title,
    markupData: row.data,
    markupstate: row.state,
    imagePreview: row.image_hash ? previewUrl(row.id) : '',
    documentName: row.document_name,
    documentVersion: row.document_version,
    userName: row.user_name,
    created: row.created,
    createdFor: row.created_for,
    actioned: row.actioned === 1,
  };
}

export function presentMarkup(row: MarkupRow, items: readonly MarkupItemRow[]): MarkupRecord {
  return {
    id: row.id,
    projectId: row.project_id,
    projectName: row.project_name,
    documentId: row.document_id,
    itemId: row.item_id,
    documentName: row.document_name,
    createdDate: row.created_date,
    createdByUserId: row.created_by_user_id,
    createdByName: row.created_by_name,
    createdFor: row.created_for,
    actioned: row.actioned === 1,
    title: row.title,
    markupData: items.map(presentMarkupItem),
  };
}
