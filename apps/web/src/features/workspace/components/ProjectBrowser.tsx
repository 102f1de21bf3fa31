import { lazy, Suspense, useMemo, useState } from 'react';
import { Alert, Button } from 'react-bootstrap';
import { useNavigate } from 'react-router';
import type { TreeNode } from '@penstock/shared';
import { compareHref } from '../../compare/compareLink.ts';
import { FaFolderTree } from '../../../components/shellIcons.ts';
import { Loading } from '../../../components/Loading.tsx';
import { ErrorAlert } from '../../../components/ErrorAlert.tsx';
import { useAppStore } from '../../../base/store.tsx';
import { useConfig } from '../../config/hooks/useConfig.ts';
import { useModelHover, useModelOpener } from '../hooks/useModelOpener.ts';
import { useViewerWarmUp } from '../hooks/useViewerWarmUp.ts';
import { useMayInProject } from '../../projects/hooks/useMayInProject.ts';
import { useProjectTree } from '../../projects/hooks/useProjects.ts';
import { TreeContext, type TreeSettings } from './treeContext.ts';
import { modelFromNode } from '../../../base/openModel.ts';
import { versionIdOf } from '../../viewer/components/ViewerTab.tsx';
import { TreeNodeList, noDataMessage } from './TreeFolder.tsx';

// opened on demand: its code (and the documents' schemas) is not part of the shell's first load
const DocumentControlDialog = lazy(() =>
  import('../../documentControl/DocumentControlDialog.tsx').then((module) => ({
    default: module.DocumentControlDialog,
  })),
);
const IssueTransmittalDialog = lazy(() =>
  import('../../transmittals/components/IssueTransmittalDialog.tsx').then((module) => ({
    default: module.IssueTransmittalDialog,
  })),
);
// the list view (issue 35 §1) with its metadata table, loaded when first chosen
const FolderListView = lazy(() =>
  import('./FolderListView.tsx').then((module) => ({ default: module.FolderListView })),
);
const IdsManagerDialog = lazy(() =>
  import('../../ids/manage/IdsManagerDialog.tsx').then((module) => ({ default: module.IdsManagerDialog })),
);
const IdsEditorDialog = lazy(() =>
  import('../../ids/editor/IdsEditorDialog.tsx').then((module) => ({ default: module.IdsEditorDialog })),
);
const DeletedItemsDialog = lazy(() =>
  import('../../documents/DeletedItemsDialog.tsx').then((module) => ({ default: module.DeletedItemsDialog })),
);

/** The folders and files of the selected project. */
export function ProjectBrowser() {
  const { state, dispatch } = useAppStore();
  const { selectedProject } = state;
  // 'Add to view' while a 3D tab is selected: the tab adds the model (federation)
  const selectedTab = state.openModels.find((m) => m.selected);
  const threeDTab = selectedTab?.fileType.toLowerCase() === 'ifc';
  const config = useConfig();
  const tree = useProjectTree(selectedProject?.projectid);
  const openFile = useModelOpener();
  const hoverFile = useModelHover();
  const [binOpen, setBinOpen] = useState(false);
  const [registerOpen, setRegisterOpen] = useState(false);
  const [issuing, setIssuing] = useState(false);
  const [view, setView] = useState<'tree' | 'list'>('tree');
  const [idsOpen, setIdsOpen] = useState(false);
  const [idsEditing, setIdsEditing] = useState<{ itemId: string; fileName: string; folderId: string } | null>(
    null,
  );
  const warmUp = useViewerWarmUp();
  const may = useMayInProject(selectedProject?.projectid);
  // two files compared (issue 34): the first chosen (older) waits for the second (newer)
  const [compareBase, setCompareBase] = useState<TreeNode | null>(null);
  const navigate = useNavigate();

  const settings = useMemo<TreeSettings>(
    () => ({
      allowed: config.data?.fileExtensionWhitelist ?? [],
      blocked: config.data?.folderExtensionBlacklist ?? [],
      maxNameLength: config.data?.generalSettings.maxProjectBrowserNameLength,
      openFile,
      hoverFile,
      addToView: threeDTab
        ? (node) => {
            const model = modelFromNode(node);
            dispatch({ type: 'addToView', versionId: versionIdOf(model), name: node.text });
          }
        : undefined,
      compare: {
        base: compareBase,
        choose: (node) => {
          if (!compareBase) return setCompareBase(node);
          setCompareBase(null);
          if (compareBase.id === node.id) return;
          const [base, head] = [compareBase, node].map((file) => versionIdOf(modelFromNode(file)));
          void navigate(compareHref({ baseVersionId: base!, headVersionId: head! }));
        },
      },
      // the IDS editor saves with POST /api/folders/:folderId/files: 'upload'
      editIds: may('upload')
        ? (node, folderId) => setIdsEditing({ itemId: node.id, fileName: node.text, folderId })
        : undefined,
    }),
    [config.data, openFile, hoverFile, threeDTab, dispatch, compareBase, navigate, may],
  );

  if (!selectedProject) {
    return (
      <p className="text-secondary small px-2 mb-0">
        <FaFolderTree className="me-2" aria-hidden="true" />
        Select a project to browse its folders and files.
      </p>
    );
  }
  if (config.isPending || tree.isPending) return <Loading label="Loading project folders..." />;
  if (tree.isError) {
    return (
      <div className="px-2">
        <ErrorAlert error={tree.error} title="The project folders could not be loaded." />
        <Button size="sm" variant="outline-secondary" onClick={() => void tree.refetch()}>
          Try again
        </Button>
      </div>
    );
  }
  return (
    <nav aria-label="Project browser" className="project-tree" onPointerEnter={warmUp}>
      <TreeContext.Provider value={settings}>
        {compareBase && (
          <div role="status" className="alert alert-info py-1 px-2 mx-2 small">
            Compare {compareBase.text} with: choose the newer file.{' '}
            <button type="button" className="btn btn-link btn-sm p-0" onClick={() => setCompareBase(null)}>
              Cancel
            </button>
          </div>
        )}
        <div className="btn-group btn-group-sm mx-2 mb-2" role="group" aria-label="Project browser view">
          {(['tree', 'list'] as const).map((option) => (
            <button
              key={option}
              type="button"
              className={`btn ${view === option ? 'btn-primary' : 'btn-outline-primary'}`}
              aria-pressed={view === option}
              onClick={() => setView(option)}
            >
              {option === 'tree' ? 'Tree' : 'List'}
            </button>
          ))}
        </div>
        {tree.data.length === 0 ? (
          <Alert variant="info" className="tree-alert mx-2">
            {noDataMessage(selectedProject.text)}
          </Alert>
        ) : (
          <>
            {/* hidden rather than unmounted while the list is shown, so the tree keeps its open folders;
                keyed by project so that folder states never leak from one project to another */}
            <div hidden={view !== 'tree'}>
              <TreeNodeList key={selectedProject.projectid} nodes={tree.data} depth={0} />
            </div>
            {view === 'list' && (
              <Suspense fallback={<Loading label="Loading the list view..." />}>
                <FolderListView
                  key={selectedProject.projectid}
                  projectId={selectedProject.projectid}
                  projectName={selectedProject.text}
                  top={tree.data}
                />
              </Suspense>
            )}
          </>
        )}
      </TreeContext.Provider>
      {/* the bin lists GET /api/projects/:projectId/deleted: 'listDeleted' */}
      {may('listDeleted') && (
        <button type="button" className="btn btn-link btn-sm px-2" onClick={() => setBinOpen(true)}>
          Deleted items
        </button>
      )}
      <button type="button" className="btn btn-link btn-sm px-2" onClick={() => setRegisterOpen(true)}>
        Document register
      </button>
      {registerOpen && (
        <Suspense fallback={null}>
          <DocumentControlDialog
            projectId={selectedProject.projectid}
            onClose={() => setRegisterOpen(false)}
          />
        </Suspense>
      )}
      {/* POST /api/projects/:projectId/transmittals: 'issueTransmittals' */}
      {may('issueTransmittals') && (
        <button type="button" className="btn btn-link btn-sm px-2" onClick={() => setIssuing(true)}>
          Issue transmittal
        </button>
      )}
      {issuing && (
        <Suspense fallback={null}>
          <IssueTransmittalDialog
            projectId={selectedProject.projectid}
            projectName={selectedProject.text}
            onClose={() => setIssuing(false)}
          />
        </Suspense>
      )}
      <button type="button" className="btn btn-link btn-sm px-2" onClick={() => setIdsOpen(true)}>
        Information requirements
      </button>
      {idsOpen && (
        <Suspense fallback={null}>
          <IdsManagerDialog projectId={selectedProject.projectid} onClose={() => setIdsOpen(false)} />
        </Suspense>
      )}
      {idsEditing && (
        <Suspense fallback={null}>
          <IdsEditorDialog
            projectId={selectedProject.projectid}
            source={{ kind: 'file', ...idsEditing }}
            onClose={() => setIdsEditing(null)}
          />
        </Suspense>
      )}
      {binOpen && (
        <Suspense fallback={null}>
          <DeletedItemsDialog projectId={selectedProject.projectid} onClose={() => setBinOpen(false)} />
        </Suspense>
      )}
    </nav>
  );
}
