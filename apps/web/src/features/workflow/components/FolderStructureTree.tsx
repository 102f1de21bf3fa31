import { FaChevronDown, FaChevronRight, FaFileLines, FaFolder, FaFolderOpen } from 'react-icons/fa6';
import {
  FOLDER_TREE_HEIGHT_PX,
  isFolderNode,
  LOADING_STRUCTURE,
  type StructureNode,
  type WorkflowStructure,
} from '@penstock/shared';

export interface FolderStructureTreeProps {
  structure: WorkflowStructure | undefined;
  /** the ids of the open folders */
  expanded: ReadonlySet<string>;
  onToggle: (id: string) => void;
  selectedId: string | null;
  /** picks a target folder; absent where nothing is picked (the Delete tab) */
  onSelect?: ((id: string) => void) | undefined;
}

/**
 * The project's folder structure (forms spec §2 'Workflow panel'): 400 px high and scrollable, 'Loading
 * Structure....' until loaded. Folders open and close; only folders can be picked as the target folder;
 * files show their revision and suitability.
 */
export function FolderStructureTree({
  structure,
  expanded,
  onToggle,
  selectedId,
  onSelect,
}: FolderStructureTreeProps) {
  return (
    <div
      className="workflow-tree border rounded mb-2"
      style={{ height: FOLDER_TREE_HEIGHT_PX }}
      role="region"
      aria-label="Folder structure"
      data-testid="folder-structure"
    >
      {structure ? (
        <ul className="list-unstyled mb-0 p-1">
          {structure.NestedObjects.map((node) => (
            <TreeNode
              key={node.Id}
              node={node}
              depth={0}
              expanded={expanded}
              onToggle={onToggle}
              selectedId={selectedId}
              onSelect={onSelect}
            />
          ))}
          {structure.NestedObjects.length === 0 && (
            <li className="small text-body-secondary p-1">This project has no folders.</li>
          )}
        </ul>
      ) : (
        <p className="small text-body-secondary p-2 mb-0">{LOADING_STRUCTURE}</p>
      )}
    </div>
  );
}

function TreeNode({
  node,
  depth,
  ...props
}: Omit<FolderStructureTreeProps, 'structure'> & { node: StructureNode; depth: number }) {
  const indent = { paddingLeft: `${depth * 16}px` };
  if (!isFolderNode(node))
    return (
      <li className="workflow-tree-row workflow-tree-file small" style={indent}>
        <FaFileLines aria-hidden="true" className="me-1 ms-4 text-secondary" />
        <span className="me-1">{node.Name}</span>
        {node.Revision && (
          <span className="badge text-bg-light border me-1" title="Revision">
            {node.Revision}
          </span>
        )}
        {node.Suitability && (
          <span className="badge text-bg-info" title="Suitability">
            {node.Suitability}
          </span>
        )}
      </li>
    );
  const open = props.expanded.has(node.Id);
  const selected = props.selectedId === node.Id;
  const children = node.NestedObjects ?? [];
  return (
    <li>
      <div className="workflow-tree-row small d-flex align-items-center" style={indent}>
        <button
          type="button"
          className="btn btn-sm btn-link p-0 me-1 workflow-tree-toggle"
          aria-label={`${open ? 'Collapse' : 'Expand'} ${node.Name}`}
          aria-expanded={open}
          disabled={children.length === 0}
          onClick={() => props.onToggle(node.Id)}
        >
          {open ? <FaChevronDown aria-hidden="true" /> : <FaChevronRight aria-hidden="true" />}
        </button>
        {open ? (
          <FaFolderOpen aria-hidden="true" className="me-1 text-warning" />
        ) : (
          <FaFolder aria-hidden="true" className="me-1 text-warning" />
        )}
        {props.onSelect ? (
          <button
            type="button"
            className={`btn btn-sm py-0 px-1 workflow-tree-folder ${selected ? 'btn-primary' : 'btn-link text-body'}`}
            aria-pressed={selected}
            title={`Choose ${node.Name} as the target folder`}
            onClick={() => props.onSelect?.(node.Id)}
          >
            {node.Name}
          </button>
        ) : (
          <span className="px-1">{node.Name}</span>
        )}
      </div>
      {open && children.length > 0 && (
        <ul className="list-unstyled mb-0">
          {children.map((child) => (
            <TreeNode key={child.Id} {...props} node={child} depth={depth + 1} />
          ))}
        </ul>
      )}
    </li>
  );
}
