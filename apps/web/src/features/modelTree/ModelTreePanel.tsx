import { useCallback, useDeferredValue, useEffect, useState } from 'react';
import { FaMagnifyingGlass } from 'react-icons/fa6';
import type { ModelViewer } from '@penstock/viewer';
import { errorMessage } from '../../base/api.ts';
import { ErrorAlert } from '../../components/ErrorAlert.tsx';
import { Loading } from '../../components/Loading.tsx';
import { useModelTree, type TreeView } from './api.ts';
import { TreeList } from './TreeList.tsx';
import { objectIdsUnder } from './treeWalk.ts';
import './modelTree.css';

export const MODEL_TREE_TITLE = 'Model tree';
const VIEWS: Array<{ view: TreeView; label: string }> = [
  { view: 'spatial', label: 'Spatial structure' },
  { view: 'category', label: 'By category' },
];

export interface ModelTreePanelProps {
  versionId: string;
  viewer: ModelViewer;
  /** the object selected in the viewer */
  selected: number | null;
  /**
   * Tells the app what the tree selected, as a click in the model does: an object's localId (its
   * properties open), or null for a category or class group, which is no one object.
   */
  onSelect(localId: number | null): void;
  onClose(): void;
}

/**
 * The objects hidden with the eye icons: the viewer keeps them (they stay hidden while the panel is closed),
 * and they follow its appearance (Show all, undo, a stored view restored, the Visibility panel).
 */
function useHiddenObjects(viewer: ModelViewer) {
  const [hidden, setHidden] = useState<ReadonlySet<number>>(() => new Set(viewer.hidden()));
  useEffect(() => viewer.appearance.onChange(() => setHidden(new Set(viewer.hidden()))), [viewer]);
  const hide = useCallback(
    (localIds: readonly number[], hide: boolean) => {
      setHidden((current) => {
        const next = new Set(current);
        for (const id of localIds) {
          if (hide) next.add(id);
          else next.delete(id);
        }
        return next;
      });
      void viewer.hide(localIds, hide).catch((failure: unknown) => {
        console.error('Could not change what the model shows:', errorMessage(failure));
      });
    },
    [viewer],
  );
  return { hidden, hide };
}

/**
 * The model tree side panel of a 3D tab: the spatial structure or the categories of the model, searched by
 * tag or name. A click selects and frames a node's objects and opens an object's properties; the eye icons
 * hide and show them.
 */
export function ModelTreePanel({ versionId, viewer, selected, onSelect, onClose }: ModelTreePanelProps) {
  const [view, setView] = useState<TreeView>('spatial');
  const tree = useModelTree(versionId, view);
  const [query, setQuery] = useState('');
  // typing stays smooth while a large tree is searched in the background render
  const deferredQuery = useDeferredValue(query);
  const { hidden, hide } = useHiddenObjects(viewer);

  const data = tree.data;
  const activate = useCallback(
    (node: number) => {
      if (!data) return;
      const ids = objectIdsUnder(data, node);
      // the app first (the properties load while the highlight is drawn), as a click in the model does
      onSelect(data.kinds[node] === 'g' ? null : data.localIds[node]!);
      void (async () => {
        await viewer.select(ids);
        if (ids.length) await viewer.fit(ids);
      })().catch((failure: unknown) =>
        console.error('Could not select in the model:', errorMessage(failure)),
      );
    },
    [data, viewer, onSelect],
  );
  const hideNode = useCallback(
    (node: number, hideIt: boolean) => {
      if (data) hide(objectIdsUnder(data, node), hideIt);
    },
    [data, hide],
  );

  return (
    <section className="model-tree-panel" aria-label={MODEL_TREE_TITLE}>
      <div className="model-tree-header">
        <h2 className="h5 mb-0 me-auto">{MODEL_TREE_TITLE}</h2>
        <button
          type="button"
          className="btn-close"
          aria-label={`Close ${MODEL_TREE_TITLE}`}
          onClick={onClose}
        />
      </div>
      <div className="btn-group btn-group-sm model-tree-views" role="group" aria-label="Arrange the tree">
        {VIEWS.map((option) => (
          <button
            key={option.view}
            type="button"
            className={`btn ${view === option.view ? 'btn-primary' : 'btn-outline-secondary'}`}
            aria-pressed={view === option.view}
            onClick={() => setView(option.view)}
          >
            {option.label}
          </button>
        ))}
      </div>
      <div className="input-group input-group-sm model-tree-search">
        <span className="input-group-text" aria-hidden="true">
          <FaMagnifyingGlass />
        </span>
        <input
          type="search"
          className="form-control"
          placeholder="Search by tag or name"
          aria-label="Search the model tree by tag or name"
          value={query}
          onChange={(event) => setQuery(event.target.value)}
        />
      </div>
      {tree.isError ? (
        <ErrorAlert title="The model tree could not be loaded." error={tree.error} className="m-2" />
      ) : data ? (
        <TreeList
          key={view}
          tree={data}
          query={deferredQuery}
          hidden={hidden}
          selected={selected}
          onActivate={activate}
          onHide={hideNode}
        />
      ) : (
        <Loading label="Loading the model tree..." />
      )}
    </section>
  );
}
