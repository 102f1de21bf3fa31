import { useState } from 'react';
import { Alert, Spinner } from 'react-bootstrap';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { FaChevronRight, FaFolder, FaFolderOpen } from '../../../components/shellIcons.ts';
import {
  INITIAL_FOLDER_STATE,
  folderClick,
  folderLoaded,
  isBlockedFolder,
  isFolderType,
  truncateLabel,
  type FolderState,
  type TreeNode,
} from '@penstock/shared';
import { errorMessage } from '../../../base/api.ts';
import { fetchTreeChildren, treeKey } from '../../projects/api.ts';
import { TreeFile } from './TreeFile.tsx';
import { useTreeSettings } from './treeContext.ts';

/** The spec's alert for a folder (or project) without children. */
export const noDataMessage = (name: string) => `No Data in ${name}`;

/** Children of a project or folder: blocked folders are hidden. */
export function TreeNodeList({
  nodes,
  depth,
  folderId,
}: {
  nodes: readonly TreeNode[];
  depth: number;
  /** the folder listed (a file's folder, for saving its next version) */
  folderId?: string;
}) {
  const { blocked } = useTreeSettings();
  const visible = nodes.filter((node) => !(isFolderType(node.type) && isBlockedFolder(node.text, blocked)));
  return (
    <ul className="tree-list list-unstyled mb-0">
      {visible.map((node) =>
        isFolderType(node.type) ? (
          <TreeFolder key={node.id} node={node} depth={depth} />
        ) : (
          <TreeFile key={node.id} node={node} depth={depth} folderId={folderId} />
        ),
      )}
    </ul>
  );
}

/** A folder: the first open loads its children (with a spinner), every later click only toggles. */
export function TreeFolder({ node, depth }: { node: TreeNode; depth: number }) {
  const { maxNameLength } = useTreeSettings();
  const queryClient = useQueryClient();
  const [folder, setFolder] = useState<FolderState>(INITIAL_FOLDER_STATE);
  const [children, setChildren] = useState<TreeNode[]>([]);
  const [error, setError] = useState<string | null>(null);
  const [emptyDismissed, setEmptyDismissed] = useState(false);

  async function onClick() {
    const next = folderClick(folder);
    setFolder(next.state);
    setEmptyDismissed(false);
    if (!next.load) return;
    setError(null);
    try {
      const nodes = await queryClient.fetchQuery({
        queryKey: treeKey(node.id),
        queryFn: () => fetchTreeChildren(node.id),
      });
      setChildren(nodes);
      setFolder((state) => folderLoaded(state, true));
    } catch (failure) {
      setError(`Could not open ${node.text}: ${errorMessage(failure)}`);
      setFolder((state) => folderLoaded(state, false));
    }
  }

  const open = folder.expanded && folder.loaded;
  // once loaded, an open folder follows its listing: an upload or a submitted schedule shows up in it
  const live = useQuery({
    queryKey: treeKey(node.id),
    queryFn: () => fetchTreeChildren(node.id),
    enabled: open,
    staleTime: 30_000,
  });
  const shown = open && live.data ? live.data : children;
  const indent = { paddingLeft: `${0.5 + depth * 1.1}rem` };
  const alertIndent = { marginLeft: `${0.5 + (depth + 1) * 1.1}rem` };

  return (
    <li className="tree-item">
      <button
        type="button"
        className="tree-row tree-folder"
        style={indent}
        title={node.text}
        aria-label={node.text}
        aria-expanded={folder.expanded}
        aria-busy={folder.loading}
        onClick={() => void onClick()}
      >
        <FaChevronRight
          className={`tree-twisty ${folder.expanded ? 'tree-twisty-open' : ''}`}
          aria-hidden="true"
        />
        {folder.expanded ? (
          <FaFolderOpen className="tree-icon folder-icon" aria-hidden="true" />
        ) : (
          <FaFolder className="tree-icon folder-icon" aria-hidden="true" />
        )}
        <span className="tree-label">{truncateLabel(node.text, maxNameLength)}</span>
        {folder.loading && (
          <Spinner animation="border" size="sm" role="status" className="ms-auto tree-spinner">
            <span className="visually-hidden">Loading...</span>
          </Spinner>
        )}
      </button>
      {error && (
        <Alert
          variant="danger"
          className="tree-alert"
          style={alertIndent}
          dismissible
          onClose={() => setError(null)}
        >
          {error}
        </Alert>
      )}
      {open && shown.length === 0 && !emptyDismissed && (
        <Alert
          variant="info"
          className="tree-alert"
          style={alertIndent}
          dismissible
          onClose={() => setEmptyDismissed(true)}
        >
          {noDataMessage(node.text)}
        </Alert>
      )}
      {open && shown.length > 0 && <TreeNodeList nodes={shown} depth={depth + 1} folderId={node.id} />}
    </li>
  );
}
