import { useState } from 'react';
import { Alert } from 'react-bootstrap';
import { useQuery } from '@tanstack/react-query';
import { isBlockedFolder, isFolderType, isViewable, type RegisterRow, type TreeNode } from '@penstock/shared';
import { FaFolder } from '../../../components/shellIcons.ts';
import { Loading } from '../../../components/Loading.tsx';
import { ErrorAlert } from '../../../components/ErrorAlert.tsx';
import { fileTypeOf } from '../../../base/openModel.ts';
import { fetchTreeChildren, treeKey } from '../../projects/api.ts';
import { FileIcon } from '../../projects/components/FileIcon.tsx';
import { FolderFileTable } from '../../documentControl/FolderFileTable.tsx';
import { useMayInProject } from '../../projects/hooks/useMayInProject.ts';
import { useTreeSettings } from './treeContext.ts';
import { noDataMessage } from './TreeFolder.tsx';

/**
 * The project browser's list view (issue 35 §1): one open folder at a time, reached through its path and
 * its subfolders, with its files in a table of their metadata (FolderFileTable). It reads the same listings
 * as the tree, so it shows what the tree shows, and files open from it as from the tree.
 */
export function FolderListView({
  projectId,
  projectName,
  top,
}: {
  projectId: string;
  projectName: string;
  /** the project's top folders (the tree's first level) */
  top: readonly TreeNode[];
}) {
  const { blocked, allowed, openFile, hoverFile } = useTreeSettings();
  const may = useMayInProject(projectId);
  // the open folder's path from the project's top level; empty: the project itself
  const [trail, setTrail] = useState<TreeNode[]>([]);
  const open = trail.at(-1);
  const listing = useQuery({
    queryKey: treeKey(open?.id ?? ''),
    queryFn: () => fetchTreeChildren(open!.id),
    enabled: !!open,
    staleTime: 30_000,
  });
  const nodes = open ? listing.data : top;
  const folders = (nodes ?? []).filter(
    (node) => isFolderType(node.type) && !isBlockedFolder(node.text, blocked),
  );
  const files = (nodes ?? []).filter((node) => !isFolderType(node.type));

  const nameCell = (row: RegisterRow) => {
    const node = files.find((file) => file.id === row.itemId);
    const fileType = node ? fileTypeOf(node) : (row.name.split('.').pop() ?? '');
    const content = (
      <>
        <FileIcon fileType={fileType} className="tree-icon me-1" />
        {row.name}
      </>
    );
    return node && isViewable(fileType, allowed) ? (
      <button
        type="button"
        className="btn btn-link btn-sm p-0 text-start text-break"
        onClick={() => openFile(node)}
        onPointerEnter={hoverFile && (() => hoverFile(node))}
      >
        {content}
      </button>
    ) : (
      <a
        className="text-break"
        href={node?.hrefbim360 ?? `/api/items/${encodeURIComponent(row.itemId)}/content`}
        target="_blank"
        rel="noopener noreferrer"
      >
        {content}
      </a>
    );
  };

  return (
    <div className="project-list-view">
      <nav aria-label="Open folder">
        <ol className="breadcrumb small mb-2 px-2">
          {[{ id: projectId, text: projectName }, ...trail].map((step, index, steps) => (
            <li
              key={step.id}
              className={`breadcrumb-item ${index === steps.length - 1 ? 'active' : ''}`}
              aria-current={index === steps.length - 1 ? 'location' : undefined}
            >
              {index === steps.length - 1 ? (
                step.text
              ) : (
                <button
                  type="button"
                  className="btn btn-link btn-sm p-0 align-baseline"
                  onClick={() => setTrail(trail.slice(0, index))}
                >
                  {step.text}
                </button>
              )}
            </li>
          ))}
        </ol>
      </nav>
      {open && listing.isPending && <Loading label={`Opening ${open.text}...`} />}
      {open && listing.isError && <ErrorAlert error={listing.error} title={`Could not open ${open.text}.`} />}
      {nodes && (
        <>
          {folders.length > 0 && (
            <ul className="list-unstyled mb-2" aria-label="Folders">
              {folders.map((folder) => (
                <li key={folder.id}>
                  <button
                    type="button"
                    className="tree-row"
                    style={{ paddingLeft: '0.5rem' }}
                    onClick={() => setTrail([...trail, folder])}
                  >
                    <FaFolder className="tree-icon folder-icon" aria-hidden="true" />
                    <span className="tree-label">{folder.text}</span>
                  </button>
                </li>
              ))}
            </ul>
          )}
          {open && files.length > 0 && (
            <FolderFileTable
              key={open.id}
              projectId={projectId}
              folderId={open.id}
              folderName={open.text}
              files={files.map((file) => `${file.id}:${file.versionId ?? file.versionNumber ?? ''}`)}
              nameCell={nameCell}
              // PUT /api/items/:itemId/metadata: 'upload'
              canEdit={may('upload')}
            />
          )}
          {folders.length === 0 && files.length === 0 && (
            <Alert variant="info" className="tree-alert mx-2">
              {noDataMessage(open?.text ?? projectName)}
            </Alert>
          )}
        </>
      )}
    </div>
  );
}
