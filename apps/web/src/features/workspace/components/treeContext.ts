import { createContext, useContext } from 'react';
import type { TreeNode, TypeEntry } from '@penstock/shared';

export interface TreeSettings {
  /** file types that open in the workspace */
  allowed: readonly TypeEntry[];
  /** folders hidden from the tree */
  blocked: readonly TypeEntry[];
  maxNameLength: number | undefined;
  openFile: (file: TreeNode) => void;
  /** the pointer rests on a file that opens in the workspace: its downloads may start ahead */
  hoverFile?: (file: TreeNode) => void;
  /** add a model to the selected 3D tab (federation); absent while no 3D tab is selected */
  addToView?: ((file: TreeNode) => void) | undefined;
  /**
   * Compare two files (issue 34): the first chosen is the older (base), the second the newer; choosing the
   * first again gives up. `base` is the file chosen first, while one is.
   */
  compare?: { base: TreeNode | null; choose: (file: TreeNode) => void } | undefined;
  /** open an IDS file (.ids) in the IDS editor; absent when the user may not upload */
  editIds?: ((file: TreeNode, folderId: string) => void) | undefined;
}

export const TreeContext = createContext<TreeSettings | null>(null);

export function useTreeSettings(): TreeSettings {
  const settings = useContext(TreeContext);
  if (!settings) throw new Error('Tree components must be inside a <TreeContext.Provider>');
  return settings;
}
