import { lazy, Suspense, useId, useState } from 'react';
import { Tab, Tabs } from 'react-bootstrap';
import { Spinner } from 'react-bootstrap';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  CURRENT_SUITABILITY,
  FILE_DELETED,
  FILE_MOVED,
  FILE_UPLOADED,
  submissionProblem,
  WORKFLOW_OPEN_MODEL_FIRST,
  WORKFLOW_SUBMITTED,
  type ProjectAction,
} from '@penstock/shared';
import { errorMessage } from '../../../base/api.ts';
import { useAppStore } from '../../../base/store.tsx';
import { useCurrentUser } from '../../auth/hooks/useCurrentUser.ts';
import { useMayInProject } from '../../projects/hooks/useMayInProject.ts';
import { useProjectRole } from '../../projects/hooks/useProjectRole.ts';
import { useProjectUsers } from '../../projects/hooks/useProjectUsers.ts';
import { useModelInfo } from '../../models/hooks/useModelInfo.ts';
import {
  deleteFile,
  documentWorkflowKey,
  fetchDocumentWorkflow,
  fetchStructure,
  findDocument,
  formatLastUpdated,
  moveFile,
  refreshStructure,
  structureKey,
  submitWorkflow,
  targetFolderOf,
  uploadFile,
} from '../api.ts';
import { fileActionRefusal } from '../fileActionRefusal.ts';
import { FileActions, type FileAction } from './FileActions.tsx';
import { FolderStructureTree } from './FolderStructureTree.tsx';
import { OpenWorkflowCard } from './OpenWorkflowCard.tsx';
import { SubmitReviewForm, type ReviewChoices } from './SubmitReviewForm.tsx';
import '../workflow.css';

// opened on demand: the Issue transmittal dialog (issue 35 §3), with this document chosen
const IssueTransmittalDialog = lazy(() =>
  import('../../transmittals/components/IssueTransmittalDialog.tsx').then((module) => ({
    default: module.IssueTransmittalDialog,
  })),
);

type WorkflowTab = 'review' | FileAction;
/** the action the server checks for each file tab's call (POST /api/workflow/move, /delete, /upload) */
const FILE_TAB_ACTIONS = {
  move: 'moveFiles',
  delete: 'deleteFiles',
  upload: 'upload',
} as const satisfies Record<FileAction, ProjectAction>;
const TABS: { key: WorkflowTab; title: string }[] = [
  { key: 'review', title: 'Review' },
  { key: 'move', title: 'Move' },
  { key: 'delete', title: 'Delete' },
  { key: 'upload', title: 'Upload' },
];
type Outcome = { ok: boolean; text: string };

function ReadOnlyField({ label, value }: { label: string; value: string }) {
  const id = useId();
  return (
    <div className="mb-2">
      <label className="form-label small mb-0" htmlFor={id}>
        {label}
      </label>
      <input id={id} className="form-control form-control-sm" readOnly value={value} />
    </div>
  );
}

/**
 * The Workflow side panel (forms spec §2 'Workflow panel'): Review, Move, Delete and Upload tabs for the
 * document shown, over the project's folder structure. Outcomes show in the panel; a move or delete (which
 * closes the document, spec §4) says so in the browser's alert, as the spec's alerts do.
 */
export function WorkflowPanel({ versionId, onClose }: { versionId: string; onClose: () => void }) {
  const queryClient = useQueryClient();
  const { dispatch } = useAppStore();
  const info = useModelInfo(versionId).data;
  const projectId = info?.projectId ?? '';
  const me = useCurrentUser().data;
  const role = useProjectRole(projectId);
  const may = useMayInProject(projectId);
  const users = useProjectUsers(projectId || null);
  const structure = useQuery({
    queryKey: structureKey(projectId),
    queryFn: () => fetchStructure(projectId),
    enabled: projectId !== '',
  });
  const itemId = info?.itemId ?? '';
  // a document in review cannot be submitted again: its open workflow shows instead, with what may change
  const openWorkflow = useQuery({
    queryKey: documentWorkflowKey(projectId, itemId),
    queryFn: () => fetchDocumentWorkflow(projectId, itemId),
    enabled: projectId !== '' && itemId !== '',
  });
  const refresh = useMutation({
    mutationFn: () => refreshStructure(projectId),
    onSuccess: (data) => queryClient.setQueryData(structureKey(projectId), data),
  });
  const [tab, setTab] = useState<WorkflowTab>('review');
  const [expanded, setExpanded] = useState<ReadonlySet<string>>(() => new Set());
  const [targetId, setTargetId] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const [outcome, setOutcome] = useState<Outcome | null>(null);
  const [issuing, setIssuing] = useState(false);
  const target = targetFolderOf(structure.data, targetId);
  const documentNode = findDocument(structure.data, versionId, info?.itemId);
  const documentName = info?.fileName ?? '';
  const known = [documentNode?.Revision, documentNode?.Suitability].filter(Boolean).join(', ');
  const loadError = structure.error ?? refresh.error;

  const toggle = (id: string) =>
    setExpanded((open) => {
      const next = new Set(open);
      if (!next.delete(id)) next.add(id);
      return next;
    });

  /** Runs one call; true when it went through. Failures show the server's message in the panel. */
  const run = async (call: () => Promise<unknown>, success: string, closesDocument = false) => {
    setBusy(true);
    setOutcome(null);
    try {
      await call();
      void queryClient.invalidateQueries({ queryKey: structureKey(projectId) });
      // the left navigation shows the change
      void queryClient.invalidateQueries({ queryKey: ['tree'] });
      // and the personal hub's lists and the header's count (features/hub keys start with 'hub')
      void queryClient.invalidateQueries({ queryKey: ['hub'] });
      if (closesDocument) {
        window.alert(success);
        dispatch({ type: 'workflowDone' });
      } else setOutcome({ ok: true, text: success });
      return true;
    } catch (failure) {
      setOutcome({ ok: false, text: errorMessage(failure) });
      return false;
    } finally {
      setBusy(false);
    }
  };

  const submit = async (choices: ReviewChoices): Promise<boolean> => {
    const problem = submissionProblem({ ...choices, uploadFolderId: target?.id });
    if (problem || !info || !target) {
      window.alert(problem ?? WORKFLOW_OPEN_MODEL_FIRST);
      return false;
    }
    return run(
      () =>
        submitWorkflow({
          projectId: info.projectId,
          documentId: versionId,
          createdByUserId: me?.id ?? '',
          comment: choices.comment,
          reviewers: choices.reviewers,
          approvers: choices.approvers,
          suitability: CURRENT_SUITABILITY,
          targetSuitability: choices.targetSuitability,
          documentName,
          itemId: info.itemId,
          uploadFolderId: target.id,
          createdByEmail: me?.email ?? '',
          uploadFolderName: target.path,
          projectName: info.projectName,
          ...(choices.dueDate ? { dueDate: choices.dueDate } : {}),
        }),
      WORKFLOW_SUBMITTED,
    );
  };

  const refusalOf = (key: WorkflowTab) =>
    key === 'review' || !may(FILE_TAB_ACTIONS[key])
      ? null
      : fileActionRefusal({ action: key, role, documentNode, documentName, target });

  // a document in review has no target to pick on the Review tab: its workflow shows at the top instead
  const inReview = !!openWorkflow.data?.workflow;
  const body = (key: WorkflowTab) => (
    <>
      <ReadOnlyField label="Current Document" value={known ? `${documentName} (${known})` : documentName} />
      <ReadOnlyField label="Project" value={info?.projectName ?? ''} />
      {key !== 'delete' && !(key === 'review' && inReview) && (
        <ReadOnlyField label="Target Folder" value={target?.path ?? ''} />
      )}
      {refusalOf(key) && (
        <div className="alert alert-warning py-1 px-2 small" data-testid="file-action-refusal">
          {refusalOf(key)}
        </div>
      )}
      {!(key === 'review' && inReview) && (
        <FolderStructureTree
          structure={structure.data}
          expanded={expanded}
          onToggle={toggle}
          selectedId={key === 'delete' ? null : targetId}
          onSelect={key === 'delete' ? undefined : setTargetId}
        />
      )}
      {key === 'review' && openWorkflow.isPending && projectId !== '' ? (
        <div role="status" className="small text-body-secondary mt-2">
          <Spinner animation="border" size="sm" className="me-1" aria-hidden="true" />
          Checking whether this document is in review...
        </div>
      ) : key === 'review' && openWorkflow.error ? (
        <div role="alert" className="alert alert-danger py-1 px-2 small mt-2">
          Whether this document is in review could not be checked: {errorMessage(openWorkflow.error)}
        </div>
      ) : key === 'review' && openWorkflow.data?.workflow ? (
        <OpenWorkflowCard
          workflow={openWorkflow.data.workflow}
          me={me}
          may={may}
          users={users.data ?? []}
          onChanged={(text) => {
            setOutcome({ ok: true, text });
            // the hub's lists, the header's count and this document's workflow (keys under 'hub')
            void queryClient.invalidateQueries({ queryKey: ['hub'] });
          }}
        />
      ) : key === 'review' ? (
        <SubmitReviewForm
          users={users.data ?? []}
          usersError={users.error ? errorMessage(users.error) : null}
          target={target}
          submitting={busy}
          onSubmit={submit}
        />
      ) : (
        <FileActions
          action={key}
          allowed={may(FILE_TAB_ACTIONS[key])}
          refusal={refusalOf(key)}
          target={target}
          documentName={documentName}
          busy={busy}
          onMove={() =>
            info &&
            target &&
            void run(
              () =>
                moveFile({
                  projectId,
                  documentId: versionId,
                  itemId: info.itemId,
                  uploadFolderId: target.id,
                }),
              FILE_MOVED,
              true,
            )
          }
          onDelete={() => info && void run(() => deleteFile(projectId, info.itemId), FILE_DELETED, true)}
          onUpload={(file) =>
            run(
              () =>
                uploadFile(
                  { projectId, createdByUserId: me?.id ?? '', uploadFolderId: target?.id ?? '' },
                  file,
                ),
              FILE_UPLOADED,
            )
          }
        />
      )}
    </>
  );

  return (
    <section className="workflow-panel p-2" aria-label="Workflow">
      <div className="d-flex align-items-center mb-2">
        <h2 className="h5 mb-0 me-auto">Workflow</h2>
        <button type="button" className="btn-close" aria-label="Close Workflow" onClick={onClose} />
      </div>
      <div className="d-flex align-items-center gap-2 mb-2">
        <button
          type="button"
          className="btn btn-sm btn-outline-secondary"
          disabled={!projectId || refresh.isPending}
          onClick={() => refresh.mutate()}
        >
          {refresh.isPending ? 'Refreshing...' : 'Refresh Data'}
        </button>
        <span className="small text-body-secondary" data-testid="last-updated">
          {formatLastUpdated(structure.data?.lastUpdated)}
        </span>
        {/* POST /api/projects/:projectId/transmittals: 'issueTransmittals' */}
        {may('issueTransmittals') && (
          <button
            type="button"
            className="btn btn-sm btn-outline-primary ms-auto"
            onClick={() => setIssuing(true)}
          >
            Issue transmittal
          </button>
        )}
      </div>
      {issuing && info && (
        <Suspense fallback={null}>
          <IssueTransmittalDialog
            projectId={projectId}
            projectName={info.projectName}
            initialVersionIds={[versionId]}
            onClose={() => setIssuing(false)}
          />
        </Suspense>
      )}
      {loadError && (
        <div role="alert" className="alert alert-danger py-1 px-2 small">
          The folder structure could not be loaded: {errorMessage(loadError)}
        </div>
      )}
      {outcome && (
        <div
          role={outcome.ok ? 'status' : 'alert'}
          className={`alert ${outcome.ok ? 'alert-success' : 'alert-danger'} py-1 px-2 small`}
        >
          {outcome.text}
        </div>
      )}
      <Tabs
        id={`workflow-tabs-${versionId}`}
        activeKey={tab}
        onSelect={(key) => {
          setTab((key as WorkflowTab | null) ?? 'review');
          setOutcome(null);
        }}
        mountOnEnter
        unmountOnExit
        transition={false}
        className="mb-2"
      >
        {TABS.map(({ key, title }) => (
          <Tab key={key} eventKey={key} title={title}>
            {body(key)}
          </Tab>
        ))}
      </Tabs>
    </section>
  );
}
