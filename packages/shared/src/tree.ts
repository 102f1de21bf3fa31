/** Rules of the project browser tree. */

/** 'A type containing the word folder marks a folder.' */
export function isFolderType(type: string | undefined): boolean {
  return typeof type === 'string' && type.toLowerCase().includes('folder');
}

export interface FolderState {
  /** children have been fetched at least once */
  loaded: boolean;
  expanded: boolean;
  loading: boolean;
}

export const INITIAL_FOLDER_STATE: FolderState = { loaded: false, expanded: false, loading: false };

/**
 * What a click on a folder does: the first open loads its children, every later click only toggles.
 * A click while loading is ignored.
 */
export function folderClick(state: FolderState): { state: FolderState; load: boolean } {
  if (state.loading) return { state, load: false };
  if (!state.loaded) return { state: { loaded: false, expanded: true, loading: true }, load: true };
  return { state: { ...state, expanded: !state.expanded }, load: false };
}

export function folderLoaded(state: FolderState, ok: boolean): FolderState {
  return ok
    ? { loaded: true, expanded: true, loading: false }
    : { loaded: false, expanded: false, loading: false };
}

/** Lower-case file extension without the dot, '' when none. */
export function fileExtension(fileName: string): string {
  const dot = fileName.lastIndexOf('.');
  return dot > 0 ? fileName.slice(dot + 1).toLowerCase() : '';
}

/** A file opens in the viewer when its type is on the allow list (case-insensitive). */
export function isViewable(fileType: string, allowed: ReadonlyArray<{ type: string }>): boolean {
  const type = fileType.toLowerCase().replace(/^\./, '');
  return allowed.some((entry) => entry.type.toLowerCase().replace(/^\./, '') === type);
}

/** A folder is hidden when its name ends in a blocked extension/suffix or equals a blocked name. */
export function isBlockedFolder(name: string, blocked: ReadonlyArray<{ type: string }>): boolean {
  const lower = name.toLowerCase();
  return blocked.some((entry) => {
    const type = entry.type.toLowerCase();
    return type.length > 0 && (lower === type || lower.endsWith(type.startsWith('.') ? type : `.${type}`));
  });
}
