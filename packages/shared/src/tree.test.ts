import { describe, expect, it } from 'vitest';
import {
  INITIAL_FOLDER_STATE,
  fileExtension,
  folderClick,
  folderLoaded,
  isBlockedFolder,
  isFolderType,
  isViewable,
} from './tree.ts';
import { treeIdKind } from './ids.ts';

describe('tree folder state', () => {
  it('loads on the first open, then only toggles', () => {
    const first = folderClick(INITIAL_FOLDER_STATE);
    expect(first).toEqual({ load: true, state: { loaded: false, expanded: true, loading: true } });
    const loaded = folderLoaded(first.state, true);
    expect(loaded).toEqual({ loaded: true, expanded: true, loading: false });
    const closed = folderClick(loaded);
    expect(closed).toEqual({ load: false, state: { loaded: true, expanded: false, loading: false } });
    const reopened = folderClick(closed.state);
    expect(reopened).toEqual({ load: false, state: { loaded: true, expanded: true, loading: false } });
  });

  it('ignores clicks while loading, and a failed load can be retried', () => {
    const loading = folderClick(INITIAL_FOLDER_STATE).state;
    expect(folderClick(loading)).toEqual({ load: false, state: loading });
    const failed = folderLoaded(loading, false);
    expect(folderClick(failed).load).toBe(true);
  });
});

describe('tree node rules', () => {
  it('a type containing the word folder marks a folder', () => {
    expect(isFolderType('folder')).toBe(true);
    expect(isFolderType('folders:autodesk.bim360:Folder')).toBe(true);
    expect(isFolderType('item')).toBe(false);
    expect(isFolderType(undefined)).toBe(false);
  });

  it('file types and the allow list ignore case and dots', () => {
    expect(fileExtension('Plant.Model.IFC')).toBe('ifc');
    expect(fileExtension('README')).toBe('');
    expect(fileExtension('.hidden')).toBe('');
    expect(isViewable('IFC', [{ type: 'ifc' }])).toBe(true);
    expect(isViewable('pdf', [{ type: '.PDF' }])).toBe(true);
    expect(isViewable('xlsx', [{ type: 'ifc' }, { type: 'pdf' }])).toBe(false);
  });

  it('hides folders on the block list', () => {
    const blocked = [{ type: '.tmp' }, { type: '_Archive_System' }];
    expect(isBlockedFolder('Scratch.tmp', blocked)).toBe(true);
    expect(isBlockedFolder('_archive_system', blocked)).toBe(true);
    expect(isBlockedFolder('WIP', blocked)).toBe(false);
    expect(isBlockedFolder('tmp', blocked)).toBe(false);
  });

  it('tells node kinds from their ids', () => {
    expect(treeIdKind('#')).toBe('root');
    expect(treeIdKind('b.3f1c9a2e-8d4b-4c1a-9e2f-0a1b2c3d4e5f')).toBe('project');
    expect(treeIdKind('f.3f1c9a2e-8d4b-4c1a-9e2f-0a1b2c3d4e5f')).toBe('folder');
    expect(treeIdKind('i.3f1c9a2e-8d4b-4c1a-9e2f-0a1b2c3d4e5f')).toBe('item');
    expect(treeIdKind('b.nope')).toBeNull();
    expect(treeIdKind('')).toBeNull();
  });
});
