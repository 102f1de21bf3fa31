import { lazy, Suspense, useState } from 'react';
import {
  FaClockRotateLeft,
  FaCodeCompare,
  FaLayerGroup,
  FaPenToSquare,
} from '../../../components/shellIcons.ts';
import { isModelFile, isViewable, suitabilityCode, truncateLabel, type TreeNode } from '@penstock/shared';
import { fileTypeOf } from '../../../base/openModel.ts';
import { useAppStore } from '../../../base/store.tsx';
import { IdsFileBadge } from '../../ids/IdsFileBadge.tsx';
import { FileIcon } from '../../projects/components/FileIcon.tsx';
import { useTreeSettings } from './treeContext.ts';

// opened on demand: its code (and the documents' schemas) is not part of the shell's first load
const VersionsDialog = lazy(() =>
  import('../../documents/VersionsDialog.tsx').then((module) => ({ default: module.VersionsDialog })),
);

/**
 * A file of the project browser. Allowed types open in the workspace (single click: new tab, double click:
 * replace the selected tab); any other file is a link that opens in a new browser tab.
 */
export function TreeFile({
  node,
  depth,
  folderId,
}: {
  node: TreeNode;
  depth: number;
  /** the folder it is listed in */
  folderId?: string | undefined;
}) {
  const { allowed, maxNameLength, openFile, hoverFile, addToView, compare, editIds } = useTreeSettings();
  const fileType = fileTypeOf(node);
  const label = truncateLabel(node.text, maxNameLength);
  const [versionsOpen, setVersionsOpen] = useState(false);
  const codes = [node.revision, node.suitability].filter(Boolean).join(' ');
  const projectId = useAppStore().state.selectedProject?.projectid;
  const idsFile = node.type === 'item' && fileType.toLowerCase() === 'ids';
  const content = (
    <>
      <span className="tree-twisty" aria-hidden="true" />
      <FileIcon fileType={fileType} className="tree-icon" />
      {/* the name is the whole file name, not the shown cut one with its codes (WCAG 2.5.3: a name set by
          aria-label must contain the visible text, which a cut name does not) */}
      <span className="tree-label" aria-hidden="true">
        {label}
      </span>
      <span className="visually-hidden">{node.text}</span>
      {codes && (
        <span
          aria-hidden="true"
          className="tree-codes"
          title={`Revision ${node.revision ?? '-'}, suitability ${node.suitability ?? '-'}${
            node.suitability ? `: ${suitabilityCode(node.suitability)?.description ?? ''}` : ''
          }`}
        >
          {codes}
        </span>
      )}
      {idsFile && projectId && <IdsFileBadge projectId={projectId} itemId={node.id} />}
    </>
  );
  const style = { paddingLeft: `${0.5 + depth * 1.1}rem` };

  return (
    <li className="tree-item tree-file-item">
      {isViewable(fileType, allowed) ? (
        <button
          type="button"
          className="tree-row tree-file"
          style={style}
          title={node.text}
          onClick={() => openFile(node)}
          onPointerEnter={hoverFile && (() => hoverFile(node))}
        >
          {content}
        </button>
      ) : (
        <a
          className="tree-row tree-file tree-link"
          style={style}
          href={node.hrefbim360}
          target="_blank"
          rel="noopener noreferrer"
          title={node.text}
        >
          {content}
        </a>
      )}
      {addToView && fileType.toLowerCase() === 'ifc' && (
        <button
          type="button"
          className="tree-versions tree-add-to-view"
          aria-label="Add to view"
          title={`Add ${node.text} to the open 3D view`}
          onClick={() => addToView(node)}
        >
          <FaLayerGroup aria-hidden="true" />
        </button>
      )}
      {compare && node.type === 'item' && (fileType.toLowerCase() === 'pdf' || isModelFile(fileType)) && (
        <button
          type="button"
          className={`tree-versions tree-compare ${compare.base?.id === node.id ? 'active' : ''}`}
          aria-label={
            compare.base?.id === node.id
              ? 'Cancel compare'
              : compare.base
                ? `Compare with ${compare.base.text}`
                : 'Compare'
          }
          aria-pressed={compare.base?.id === node.id}
          title={
            compare.base?.id === node.id
              ? 'Choose another file to compare with this one, or click again to give up'
              : compare.base
                ? `Compare ${compare.base.text} (older) with ${node.text} (newer)`
                : `Compare ${node.text} with another file: choose this one (older), then the newer one`
          }
          onClick={() => compare.choose(node)}
        >
          <FaCodeCompare aria-hidden="true" />
        </button>
      )}
      {editIds && folderId && idsFile && (
        <button
          type="button"
          className="tree-versions tree-edit-ids"
          aria-label="Edit IDS"
          title={`Open ${node.text} in the IDS editor`}
          onClick={() => editIds(node, folderId)}
        >
          <FaPenToSquare aria-hidden="true" />
        </button>
      )}
      {node.type === 'item' && (
        <button
          type="button"
          className="tree-versions"
          aria-label="Versions"
          title={`Versions of ${node.text}: revisions and where each came from`}
          onClick={() => setVersionsOpen(true)}
        >
          <FaClockRotateLeft aria-hidden="true" />
        </button>
      )}
      {versionsOpen && (
        <Suspense fallback={null}>
          <VersionsDialog
            itemId={node.id}
            name={node.text}
            projectId={projectId}
            onClose={() => setVersionsOpen(false)}
          />
        </Suspense>
      )}
    </li>
  );
}
