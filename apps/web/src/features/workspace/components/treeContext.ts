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
}

export const TreeContext = createContext<TreeSettings | null>(null);

export function useTreeSettings(): TreeSettings {
  const settings = useContext(TreeContext);
  if (!settings) throw new Error('Tree components must be inside a <TreeContext.Provider>');
  return settings;
}
