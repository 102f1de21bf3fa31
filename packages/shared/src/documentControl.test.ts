import { describe, expect, it } from 'vitest';
import { fileChangeAction, fileChangeRefusal, isRecordState, underReviewMessage } from './documentControl.ts';
import { mayInProject } from './policies.ts';

describe('document control rules', () => {
  it('treats Published and Archived as the record, WIP and Shared not', () => {
    expect(['WIP', 'Shared', 'Published', 'Archived', null].map(isRecordState)).toEqual([
      false,
      false,
      true,
      true,
      false,
    ]);
  });

  it('needs the manager-only action when any folder a change touches is in the record', () => {
    expect(fileChangeAction('moveFiles', ['WIP', 'Shared'])).toBe('moveFiles');
    expect(fileChangeAction('moveFiles', ['WIP', 'Published'])).toBe('moveRecordFiles');
    expect(fileChangeAction('moveFiles', ['Archived', 'Shared'])).toBe('moveRecordFiles');
    expect(fileChangeAction('deleteFiles', ['Published'])).toBe('deleteRecordFiles');
    expect(fileChangeAction('upload', ['Archived'])).toBe('uploadToRecord');
    expect(fileChangeAction('upload', [null])).toBe('upload');
    for (const action of ['moveRecordFiles', 'deleteRecordFiles', 'uploadToRecord'] as const) {
      expect(mayInProject('manager', action)).toBe(true);
      expect(mayInProject('member', action)).toBe(false);
      expect(mayInProject('viewer', action)).toBe(false);
    }
  });

  it('says why a member may not change the record, and nothing for a manager', () => {
    expect(fileChangeRefusal('member', 'deleteFiles', ['Published'])).toBe(
      'Only project managers can delete files in Published and Archived folders',
    );
    expect(fileChangeRefusal('manager', 'deleteFiles', ['Published'])).toBeNull();
    expect(fileChangeRefusal('member', 'deleteFiles', ['Shared'])).toBeNull();
    expect(fileChangeRefusal('viewer', 'deleteFiles', ['Shared'])).toBe(
      'Viewers cannot delete files from this project',
    );
  });

  it('names the document, who submitted it and when, and what to do first', () => {
    const hold = { submittedBy: 'Erin Walsh', submittedAt: '2026-11-28T03:40:00.000Z' };
    expect(underReviewMessage('PID-0101.pdf', hold, 'move')).toBe(
      'PID-0101.pdf is under review (submitted by Erin Walsh on 2026-11-28): withdraw the workflow before moving it',
    );
    expect(underReviewMessage('PID-0101.pdf', hold, 'newVersion')).toMatch(
      /withdraw the workflow before uploading a new version$/,
    );
  });
});
