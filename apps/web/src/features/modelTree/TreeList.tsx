import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { useVirtualizer } from '@tanstack/react-virtual';
import type { ModelTree } from './api.ts';
import { ROW_HEIGHT, TreeRow } from './TreeRow.tsx';
import {
  ancestorsOf,
  hiddenCounts,
  initiallyExpanded,
  labelOf,
  nodesByLocalId,
  searchTextOf,
  searchTree,
  visibleRows,
  type TreeSearch,
} from './treeWalk.ts';

export interface TreeListProps {
  tree: ModelTree;
  query: string;
  hidden: ReadonlySet<number>;
  /** the object selected in the viewer (a model click or a tree click) */
  selected: number | null;
  onActivate(node: number): void;
  onHide(node: number, hide: boolean): void;
}

function depthsOf(tree: ModelTree): Int32Array {
  const depths = new Int32Array(tree.localIds.length);
  tree.parents.forEach((parent, node) => {
    if (parent >= 0) depths[node] = depths[parent]! + 1;
  });
  return depths;
}

const toggled = (set: ReadonlySet<number>, node: number): Set<number> => {
  const next = new Set(set);
  if (!next.delete(node)) next.add(node);
  return next;
};

/**
 * The tree's rows, virtualised: only the rows in view (and a few around) are in the page, so a storey of
 * ten thousand elements opens as fast as one of ten. While searching, the matches' ancestors are opened;
 * the user's own opened nodes come back when the search is cleared.
 */
export function TreeList({ tree, query, hidden, selected, onActivate, onHide }: TreeListProps) {
  const text = useMemo(() => searchTextOf(tree), [tree]);
  const depths = useMemo(() => depthsOf(tree), [tree]);
  const nodeOf = useMemo(() => nodesByLocalId(tree), [tree]);
  const search = useMemo(() => searchTree(tree, text, query), [tree, text, query]);
  const [expanded, setExpanded] = useState<ReadonlySet<number>>(() => initiallyExpanded(tree));
  const [searchOpen, setSearchOpen] = useState<{ search: TreeSearch | null; expanded: ReadonlySet<number> }>({
    search,
    expanded: search?.expanded ?? new Set(),
  });
  if (searchOpen.search !== search) setSearchOpen({ search, expanded: search?.expanded ?? new Set() });

  // an object selected in the model is shown here: its branch opened (outside a search) and scrolled to
  const [revealed, setRevealed] = useState<number | null>(null);
  const selectedNode = selected === null ? undefined : nodeOf.get(selected);
  if (revealed !== selected) {
    setRevealed(selected);
    if (selectedNode !== undefined && !search) {
      const closed = ancestorsOf(tree, selectedNode).filter((node) => !expanded.has(node));
      if (closed.length) setExpanded(new Set([...expanded, ...closed]));
    }
  }

  const open = search ? searchOpen.expanded : expanded;
  const rows = useMemo(() => visibleRows(tree, open, search), [tree, open, search]);
  const hiddenIn = useMemo(() => hiddenCounts(tree, hidden), [tree, hidden]);

  const scrollRef = useRef<HTMLDivElement>(null);
  // eslint-disable-next-line react-hooks/incompatible-library -- TanStack Virtual is used as documented
  const virtualizer = useVirtualizer({
    count: rows.length,
    getScrollElement: () => scrollRef.current,
    estimateSize: () => ROW_HEIGHT,
    overscan: 12,
    // jsdom has no layout: render a first screenful there
    initialRect: { width: 400, height: 600 },
  });

  const selectedRow = selectedNode === undefined ? -1 : rows.indexOf(selectedNode);
  useEffect(() => {
    if (selectedRow >= 0) virtualizer.scrollToIndex(selectedRow, { align: 'auto' });
  }, [selectedRow, virtualizer]);

  const onToggle = useCallback(
    (node: number) => {
      if (search) setSearchOpen((current) => ({ ...current, expanded: toggled(current.expanded, node) }));
      else setExpanded((current) => toggled(current, node));
    },
    [search],
  );

  return (
    <div
      className="model-tree-scroll"
      ref={scrollRef}
      role="tree"
      aria-label={`Model tree, ${tree.view} view`}
    >
      <div role="presentation" style={{ height: virtualizer.getTotalSize(), position: 'relative' }}>
        {virtualizer.getVirtualItems().map((item) => {
          const node = rows[item.index]!;
          return (
            <TreeRow
              key={node}
              tree={tree}
              node={node}
              depth={depths[node]!}
              label={labelOf(tree, node)}
              expanded={open.has(node)}
              selected={node === selectedNode}
              hiddenCount={hiddenIn[node]!}
              offset={item.start}
              onToggle={onToggle}
              onActivate={onActivate}
              onHide={onHide}
            />
          );
        })}
      </div>
      {search && search.matches === 0 && (
        <p className="model-tree-empty">Nothing matches '{query.trim()}'.</p>
      )}
    </div>
  );
}
