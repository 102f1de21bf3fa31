import { memo } from 'react';
import {
  FaBuilding,
  FaChevronDown,
  FaChevronRight,
  FaCube,
  FaDiagramProject,
  FaDoorOpen,
  FaEye,
  FaEyeSlash,
  FaFolder,
  FaLayerGroup,
  FaMapLocationDot,
} from 'react-icons/fa6';
import type { ModelTree } from './api.ts';

export const ROW_HEIGHT = 28;
const INDENT = 14;

/** One icon per kind of node; the spatial structure by its IFC class. */
function NodeIcon({ tree, node }: { tree: ModelTree; node: number }) {
  const kind = tree.kinds[node];
  if (kind === 'g') return <FaFolder aria-hidden="true" />;
  if (kind === 'r') return <FaDoorOpen aria-hidden="true" />;
  if (kind === 'e') return <FaCube aria-hidden="true" />;
  const ifcClass = tree.classNames[tree.classes[node]!] ?? '';
  if (ifcClass === 'IfcProject') return <FaDiagramProject aria-hidden="true" />;
  if (ifcClass === 'IfcSite') return <FaMapLocationDot aria-hidden="true" />;
  if (ifcClass === 'IfcBuildingStorey') return <FaLayerGroup aria-hidden="true" />;
  return <FaBuilding aria-hidden="true" />;
}

export interface TreeRowProps {
  tree: ModelTree;
  node: number;
  depth: number;
  label: string;
  expanded: boolean;
  selected: boolean;
  /** how many of the node's objects are hidden */
  hiddenCount: number;
  /** where the row is drawn in the virtual list, in pixels from its top */
  offset: number;
  onToggle(node: number): void;
  onActivate(node: number): void;
  onHide(node: number, hide: boolean): void;
}

/**
 * A row of the tree: open/close, the node (a click selects and frames its objects), how many objects it
 * holds, and an eye that hides or shows them. The eye is struck through once all of them are hidden.
 */
export const TreeRow = memo(function TreeRow(props: TreeRowProps) {
  const { tree, node, depth, label, expanded, selected, hiddenCount, offset } = props;
  const branch = tree.sizes[node]! > 1;
  const count = tree.counts[node]!;
  const tag = tree.tags[node]!;
  const allHidden = count > 0 && hiddenCount === count;
  const someHidden = hiddenCount > 0 && !allHidden;
  const ifcClass = tree.classNames[tree.classes[node]!] ?? '';
  const countText = count.toLocaleString('en-GB');
  const shownTag = tag && tag !== label ? tag : '';
  // the name holds every text the row shows, in order (WCAG 2.5.3: speech users say what they see)
  const name = [label, shownTag, branch ? `${countText} objects` : ''].filter(Boolean).join(' ');
  return (
    <div
      role="treeitem"
      aria-level={depth + 1}
      aria-expanded={branch ? expanded : undefined}
      aria-selected={selected}
      aria-label={name}
      className={`model-tree-row${selected ? ' selected' : ''}${allHidden ? ' hidden-objects' : ''}`}
      style={{ transform: `translateY(${offset}px)`, paddingLeft: depth * INDENT }}
    >
      {branch ? (
        <button
          type="button"
          className="model-tree-toggle"
          aria-label={`${expanded ? 'Collapse' : 'Expand'} ${label}`}
          tabIndex={-1}
          onClick={() => props.onToggle(node)}
        >
          {expanded ? <FaChevronDown aria-hidden="true" /> : <FaChevronRight aria-hidden="true" />}
        </button>
      ) : (
        <span className="model-tree-toggle" aria-hidden="true" />
      )}
      <button
        type="button"
        className="model-tree-label"
        title={ifcClass ? `${label} (${ifcClass})` : label}
        onClick={() => props.onActivate(node)}
      >
        <span className="model-tree-icon">
          <NodeIcon tree={tree} node={node} />
        </span>
        <span className="model-tree-name">{label}</span>
        {/* spaces between the texts (the flex layout drops them): the shown text reads as the name does */}
        {shownTag && (
          <>
            {' '}
            <span className="model-tree-tag">{shownTag}</span>
          </>
        )}
        {branch && (
          <>
            {' '}
            <span className="model-tree-count">{countText}</span>
          </>
        )}
      </button>
      <button
        type="button"
        className={`model-tree-eye${someHidden ? ' partly' : ''}`}
        aria-label={`${allHidden ? 'Show' : 'Hide'} ${label}`}
        title={allHidden ? 'Show' : someHidden ? `Hide (${hiddenCount} of ${count} hidden)` : 'Hide'}
        disabled={count === 0}
        onClick={() => props.onHide(node, !allHidden)}
      >
        {allHidden ? <FaEyeSlash aria-hidden="true" /> : <FaEye aria-hidden="true" />}
      </button>
    </div>
  );
});
