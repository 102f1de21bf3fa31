import { describe, expect, it } from 'vitest';
import type { ProjectListItem } from '@penstock/shared';
import { formatDate } from '@penstock/shared';
import { pendingCountsLabel, workflowDocumentText, workflowTargetText } from './format.ts';
import { hubModel, hubProject } from './open.ts';

describe('hub formatting', () => {
  it('formats dates as dd/mm/yyyy hh:mm in local time', () => {
    expect(formatDate(new Date(2026, 0, 5, 9, 7).toISOString(), 'date-time')).toBe('05/01/2026 09:07');
    expect(formatDate(new Date(2026, 10, 21, 14, 30).toISOString(), 'date-time')).toBe('21/11/2026 14:30');
    expect(formatDate('', 'date-time')).toBe('');
    expect(formatDate(null, 'date-time')).toBe('');
    expect(formatDate('not a date', 'date-time')).toBe('not a date');
  });

  it('joins the document with its revision and suitability, and the folder with the target suitability', () => {
    expect(
      workflowDocumentText({ documentName: 'RWTW-PID-0101.pdf', revision: 'P01', suitability: 'S2' }),
    ).toBe('RWTW-PID-0101.pdf · P01 · S2');
    expect(workflowDocumentText({ documentName: 'a.pdf', revision: '', suitability: '' })).toBe('a.pdf');
    expect(
      workflowTargetText({ uploadFolderName: 'Shared', targetFolder: 'ignored', targetSuitability: 'S3' }),
    ).toBe('Shared · S3');
    expect(
      workflowTargetText({ uploadFolderName: '', targetFolder: 'Published', targetSuitability: '' }),
    ).toBe('Published');
  });

  it('labels the pending counts with their breakdown', () => {
    expect(pendingCountsLabel({ pendingReview: 1, pendingApproval: 1, markups: 1, dsear: 0, total: 3 })).toBe(
      '3 items waiting for you: 1 review, 1 approval, 1 markup',
    );
    expect(pendingCountsLabel({ pendingReview: 2, pendingApproval: 0, markups: 0, dsear: 1, total: 3 })).toBe(
      '3 items waiting for you: 2 reviews, 1 DSEAR approval',
    );
    expect(pendingCountsLabel({ pendingReview: 0, pendingApproval: 0, markups: 0, dsear: 0, total: 0 })).toBe(
      'Personal hub: nothing is waiting for you',
    );
    expect(pendingCountsLabel(undefined)).toBe('Personal hub');
  });
});

describe('opening from the hub', () => {
  const projects: ProjectListItem[] = [
    {
      id: 'b.1',
      projectid: 'b.1',
      text: 'Works',
      type: 'project',
      hrefbim360: '/projectLog',
      role: 'member',
    },
  ];

  it("finds the item's project in the user's projects", () => {
    expect(hubProject(projects, 'b.1')).toEqual({
      projectid: 'b.1',
      text: 'Works',
      hrefbim360: '/projectLog',
      role: 'member',
    });
    expect(hubProject(projects, 'b.2')).toBeNull();
  });

  it('opens the submitted version from its content', () => {
    const model = hubModel('v.abc', 'RWTW-PID-0101.PDF');
    expect(model).toMatchObject({
      id: 'v.abc',
      name: 'RWTW-PID-0101.PDF',
      selected: true,
      fileType: 'pdf',
      hrefbim360: '/api/versions/v.abc/content',
      versionId: 'v.abc',
    });
    expect(typeof model.number).toBe('number');
  });
});
