import { useCallback, useDeferredValue, useEffect, useMemo, useState } from 'react';
import { useQueries } from '@tanstack/react-query';
import { FaMagnifyingGlass } from 'react-icons/fa6';
import type { ModelViewer } from '@penstock/viewer';
import { errorMessage } from '../../base/api.ts';
import { ErrorAlert } from '../../components/ErrorAlert.tsx';
import { Loading } from '../../components/Loading.tsx';
import { fetchModelInfo, modelInfoKey, type ModelInfo } from '../models/api.ts';
import { fetchModelTree, modelTreeKey, type TreeView } from './api.ts';
import { federateTrees, keyOf, refOfKey, type TreePart } from './federatedTree.ts';
import { TreeList } from './TreeList.tsx';
import { objectIdsUnder } from './treeWalk.ts';
import './modelTree.css';

export const MODEL_TREE_TITLE = 'Model tree';
const VIEWS: Array<{ view: TreeView; label: string }> = [
  { view: 'spatial', label: 'Spatial structure' },
  { view: 'category', label: 'By category' },
];

export interface ModelTreePanelProps {
  /** the tab's own model version */
  versionId: string;
  viewer: ModelViewer;
  /** the object selected in the viewer, in whichever model of the view */
  selected: { versionId: string; localId: number } | null;
  /**
   * Tells the app what the tree selected, as a click in the model does: an object's localId and its model
   * version (its properties open), or null for a category or class group, which is no one object.
   */
  onSelect(localId: number | null, versionId: string): void;
  onClose(): void;
}

/** A model's root label: its file name, version number and revision ('plant.ifc · v2 · P02'). */
export function modelLabel(info: ModelInfo | undefined, versionId: string): string {
  if (!info) return versionId;
  const version = info.versionNumber ? `v${info.versionNumber}` : '';
  return [info.fileName, version, info.revision ?? ''].filter(Boolean).join(' \u00b7 ');
}

/**
 * The models of the view, the tab's own first, each with its tree of this view (fetched once per version)
 * and its label: one part of the federated tree each.
 */
function useTreeParts(viewer: ModelViewer, versionId: string, view: TreeView) {
  const [others, setOthers] = useState(() => viewer.federation.list());
  useEffect(() => viewer.federation.onChange(() => setOthers(viewer.federation.list())), [viewer]);
  const versions = [versionId, ...others.map((m) => m.versionId).filter((v) => v !== versionId)];
  const trees = useQueries({
    queries: versions.map((v) => ({
      queryKey: modelTreeKey(v, view),
      queryFn: () => fetchModelTree(v, view),
      staleTime: Infinity,
    })),
  });
  const infos = useQueries({
    queries: versions.map((v) => ({
      queryKey: modelInfoKey(v),
      queryFn: () => fetchModelInfo(v),
      // one model alone needs no label
      enabled: versions.length > 1,
    })),
  });
  const parts: TreePart[] = versions.map((v, i) => ({
    modelId: `urn:${v}`,
    versionId: v,
    label: modelLabel(infos[i]?.data, v),
    tree: trees[i]?.data ?? null,
  }));
  const signature = parts.map((p) => `${p.versionId}:${p.tree ? 1 : 0}:${p.label}`).join(' ');
  // the joined tree is made again only when a model, its tree or its label changed
  // eslint-disable-next-line react-hooks/exhaustive-deps
  const federated = useMemo(() => federateTrees(parts), [signature]);
  return { federated, own: trees[0]!, others: trees.slice(1) };
}

/**
 * The objects hidden with the eye icons, as keys of the federated tree: the viewer keeps them (they stay
 * hidden while the panel is closed), and they follow its appearance (Show all, undo, a stored view restored,
 * the Visibility panel).
 */
function useHiddenObjects(viewer: ModelViewer, parts: readonly TreePart[] | undefined) {
  const read = useCallback(() => {
    const keys = new Set<number>();
    (parts ?? []).forEach((part, i) => {
      const localIds = i === 0 ? viewer.hidden() : viewer.appearance.hiddenIn(part.modelId);
      for (const localId of localIds) keys.add(keyOf(i, localId));
    });
    return keys;
  }, [viewer, parts]);
  const [hidden, setHidden] = useState<ReadonlySet<number>>(read);
  const [readWith, setReadWith] = useState(() => read);
  if (readWith !== read) {
    setReadWith(() => read);
    setHidden(read());
  }
  useEffect(() => viewer.appearance.onChange(() => setHidden(read())), [viewer, read]);
  const hide = useCallback(
    (keys: readonly number[], hide: boolean) => {
      setHidden((current) => {
        const next = new Set(current);
        for (const key of keys) {
          if (hide) next.add(key);
          else next.delete(key);
        }
        return next;
      });
      const refs = keys.map((key) => refOfKey(parts ?? [], key));
      const done = refs.every((r) => r.part === 0)
        ? viewer.hide(
            refs.map((r) => r.localId),
            hide,
          )
        : viewer.appearance.hide(
            refs.map((r) => ({ model: r.modelId, localId: r.localId })),
            hide,
          );
      void done.catch((failure: unknown) => {
        console.error('Could not change what the model shows:', errorMessage(failure));
      });
    },
    [viewer, parts],
  );
  return { hidden, hide };
}

/**
 * The model tree side panel of a 3D tab: the spatial structure or the categories of the model (of every
 * model of a federated view, one root each), searched by tag or name. A click selects and frames a node's
 * objects and opens an object's properties; the eye icons hide and show them.
 */
export function ModelTreePanel({ versionId, viewer, selected, onSelect, onClose }: ModelTreePanelProps) {
  const [view, setView] = useState<TreeView>('spatial');
  const { federated, own } = useTreeParts(viewer, versionId, view);
  const [query, setQuery] = useState('');
  // typing stays smooth while a large tree is searched in the background render
  const deferredQuery = useDeferredValue(query);
  const parts = federated?.parts;
  const { hidden, hide } = useHiddenObjects(viewer, parts);

  const data = federated?.tree;
  const selectedKey = useMemo(() => {
    if (!selected || !parts) return null;
    const part = parts.findIndex((p) => p.versionId === selected.versionId);
    return part < 0 ? null : keyOf(part, selected.localId);
  }, [selected, parts]);
  const activate = useCallback(
    (node: number) => {
      if (!data || !parts) return;
      const refs = objectIdsUnder(data, node).map((key) => refOfKey(parts, key));
      // the app first (the properties load while the highlight is drawn), as a click in the model does
      const key = data.localIds[node]!;
      const object = data.kinds[node] === 'g' || key < 0 ? null : refOfKey(parts, key);
      onSelect(object ? object.localId : null, object ? object.versionId : versionId);
      const root = federated.roots.indexOf(node);
      void (async () => {
        const ownOnly = refs.every((r) => r.part === 0);
        if (ownOnly) await viewer.select(refs.map((r) => r.localId));
        else await viewer.selectObjects(refs.map((r) => ({ model: r.modelId, localId: r.localId })));
        // a model's root frames that model whole; any other node frames its objects, in whichever
        // models of the view they are
        if (root >= 0 && parts.length > 1) await viewer.fitModel(parts[root]!.modelId);
        else if (refs.length && ownOnly) await viewer.fit(refs.map((r) => r.localId));
        else if (refs.length)
          await viewer.fitObjects(refs.map((r) => ({ model: r.modelId, localId: r.localId })));
      })().catch((failure: unknown) =>
        console.error('Could not select in the model:', errorMessage(failure)),
      );
    },
    [data, parts, federated, viewer, onSelect, versionId],
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
      {own.isError ? (
        <ErrorAlert title="The model tree could not be loaded." error={own.error} className="m-2" />
      ) : data ? (
        <TreeList
          key={`${view} ${federated.roots.length}`}
          tree={data}
          query={deferredQuery}
          hidden={hidden}
          selected={selectedKey}
          onActivate={activate}
          onHide={hideNode}
        />
      ) : (
        <Loading label="Loading the model tree..." />
      )}
    </section>
  );
}
