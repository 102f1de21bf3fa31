import {
  isFolderNode,
  isModelFile,
  type IdsScope,
  type IdsScopeKind,
  type IdsScopesInput,
  type StructureNode,
} from '@penstock/shared';

/** A folder or a model an IDS can be made to apply to: its id and its path in the project. */
export interface ScopeTarget {
  kind: IdsScopeKind;
  id: string;
  path: string;
}

/**
 * The folders (at every depth) and the models (IFC files) of a project's structure, in tree order, for the
 * scope picker: a folder applies an IDS to every model under it, a model to that file alone.
 */
export function scopeTargets(root: StructureNode): { folders: ScopeTarget[]; models: ScopeTarget[] } {
  const folders: ScopeTarget[] = [];
  const models: ScopeTarget[] = [];
  const walk = (nodes: readonly StructureNode[], prefix: string) => {
    for (const node of nodes) {
      const path = prefix ? `${prefix}/${node.Name}` : node.Name;
      if (isFolderNode(node)) {
        folders.push({ kind: 'folder', id: node.Id, path });
        walk(node.NestedObjects, path);
      } else if (isModelFile(node.Name)) models.push({ kind: 'model', id: node.Id, path });
    }
  };
  walk(root.NestedObjects, '');
  return { folders, models };
}

/** A scope being edited: what the manager chose, before it is saved. */
export interface ScopeDraft {
  kind: IdsScopeKind;
  targetId: string;
  targetName: string;
  includeDynamic: boolean | null;
}

export const draftsOf = (scopes: readonly IdsScope[]): ScopeDraft[] =>
  scopes.map(({ kind, targetId, targetName, includeDynamic }) => ({
    kind,
    targetId,
    targetName,
    includeDynamic,
  }));

/** The drafts as the scopes call's body (each target once: the last choice wins). */
export function scopesInput(drafts: readonly ScopeDraft[]): IdsScopesInput['scopes'] {
  const byTarget = new Map<string, ScopeDraft>();
  for (const draft of drafts) byTarget.set(draft.targetId, draft);
  return [...byTarget.values()].map(({ kind, targetId, includeDynamic }) => ({
    kind,
    targetId,
    includeDynamic,
  }));
}

/** What 'Check dynamic values' is for a scope: the project's setting, or the scope's own choice. */
export const DYNAMIC_CHOICES: ReadonlyArray<{ value: boolean | null; label: string }> = [
  { value: null, label: 'As the project' },
  { value: true, label: 'Dynamic values checked' },
  { value: false, label: 'Dynamic values not checked' },
];
