import { describe, expect, it } from 'vitest';
import { WORKFLOW_OPEN_MODEL_FIRST } from '@penstock/shared';
import {
  findDocument,
  formatLastUpdated,
  pathTo,
  pendingDecisionsFor,
  targetFolderOf,
  workflowOpenProblem,
} from './api.ts';
import { ITEM_ID, VERSION_ID, structure } from './test/fixtures.ts';

describe('workflow helpers', () => {
  it('opens the Workflow panel only for an open, loaded document', () => {
    expect(workflowOpenProblem(undefined)).toBe(WORKFLOW_OPEN_MODEL_FIRST);
    expect(workflowOpenProblem(null)).toBe(WORKFLOW_OPEN_MODEL_FIRST);
    expect(workflowOpenProblem({ versionId: '', projectId: 'b.1' })).toBe(WORKFLOW_OPEN_MODEL_FIRST);
    expect(workflowOpenProblem({ versionId: VERSION_ID, projectId: 'b.1' })).toBeNull();
  });

  it("gives a folder's path and the ISO 19650 state of its top folder; files are no target", () => {
    expect(pathTo(structure, 'f.drawings').map((node) => node.Name)).toEqual(['Published', 'Drawings']);
    expect(pathTo(structure, 'nowhere')).toEqual([]);
    expect(targetFolderOf(structure, 'f.drawings')).toEqual({
      id: 'f.drawings',
      path: 'Published/Drawings',
      state: 'Published',
    });
    expect(targetFolderOf(structure, 'f.wip')?.state).toBe('WIP');
    expect(targetFolderOf(structure, ITEM_ID)).toBeNull();
    expect(targetFolderOf(undefined, 'f.wip')).toBeNull();
    expect(targetFolderOf(structure, null)).toBeNull();
  });

  it('finds the document by its version or its item', () => {
    expect(findDocument(structure, VERSION_ID, undefined)?.Revision).toBe('P01.02');
    expect(findDocument(structure, 'v.other', ITEM_ID)?.Suitability).toBe('S0');
    expect(findDocument(structure, 'v.other', 'i.other')).toBeNull();
  });

  it('formats the last update time readably', () => {
    expect(formatLastUpdated(new Date(2026, 10, 23, 21, 40).toISOString())).toBe(
      'Last updated 23/11/2026 21:40',
    );
    expect(formatLastUpdated(new Date(2026, 0, 5, 9, 3).toISOString())).toBe('Last updated 05/01/2026 09:03');
    expect(formatLastUpdated('not a date')).toBe('');
    expect(formatLastUpdated(undefined)).toBe('');
  });

  it('offers Review and Approve only for the very document of the pending review or approval', () => {
    const pending = { workflowId: 'w1', documentId: VERSION_ID, itemId: ITEM_ID, reviewId: 'r1' };
    expect(pendingDecisionsFor(pending, { versionId: VERSION_ID })).toEqual([
      { kind: 'review', id: 'r1', label: 'Review' },
    ]);
    expect(pendingDecisionsFor(pending, { versionId: 'v.other', itemId: ITEM_ID })).toHaveLength(1);
    expect(pendingDecisionsFor(pending, { versionId: 'v.other', itemId: 'i.other' })).toEqual([]);
    expect(pendingDecisionsFor(null, { versionId: VERSION_ID })).toEqual([]);
    expect(
      pendingDecisionsFor({ ...pending, reviewId: undefined, approvalId: 'a1' }, { versionId: VERSION_ID }),
    ).toEqual([{ kind: 'approval', id: 'a1', label: 'Approve' }]);
    expect(pendingDecisionsFor({ ...pending, reviewId: undefined }, { versionId: VERSION_ID })).toEqual([]);
  });
});
