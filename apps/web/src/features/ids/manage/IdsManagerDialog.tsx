import { useState } from 'react';
import { Modal } from 'react-bootstrap';
import { ErrorAlert } from '../../../components/ErrorAlert.tsx';
import { Loading } from '../../../components/Loading.tsx';
import { useMayInProject } from '../../projects/hooks/useMayInProject.ts';
import { useIdsOverview } from '../api.ts';
import { IdsEditorDialog, type IdsEditorSource } from '../editor/IdsEditorDialog.tsx';
import { IdsDocumentRow } from './IdsDocumentRow.tsx';
import { IdsSettingsForm } from './IdsSettingsForm.tsx';
import '../ids.css';

export const IDS_MANAGER_TITLE = 'Information requirements';

/**
 * A project's information requirements (issue 36 §1): its IDS files with their status, where each applies
 * (project managers change it), the gate and dynamic-values settings, and New IDS / Edit for those who may
 * upload. The editor opens over it.
 */
export function IdsManagerDialog({ projectId, onClose }: { projectId: string; onClose: () => void }) {
  const overview = useIdsOverview(projectId);
  const may = useMayInProject(projectId);
  // PUT /api/projects/:projectId/ids/settings and …/scopes: 'manageIds'
  const mayManage = may('manageIds');
  // the editor saves with POST /api/folders/:folderId/files: 'upload'
  const mayUpload = may('upload');
  const [editing, setEditing] = useState<IdsEditorSource | null>(null);

  return (
    <>
      <Modal
        show={editing === null}
        onHide={onClose}
        size="xl"
        scrollable
        aria-labelledby="ids-manager-title"
      >
        <Modal.Header closeButton>
          <Modal.Title id="ids-manager-title" as="h2" className="h5">
            {IDS_MANAGER_TITLE}
          </Modal.Title>
        </Modal.Header>
        <Modal.Body>
          <p className="small">
            IDS files say what information each object of a model must carry. Every model in a folder or model
            an IDS applies to is checked after its conversion; the results show in the viewer.
          </p>
          {overview.isPending && <Loading label="Loading the information requirements..." />}
          {overview.isError && (
            <ErrorAlert title="The information requirements could not be loaded." error={overview.error} />
          )}
          {overview.data && (
            <>
              <IdsSettingsForm
                key={overview.data.settings.updatedAt ?? 'default'}
                projectId={projectId}
                settings={overview.data.settings}
                canEdit={mayManage}
              />
              <div className="d-flex align-items-center mb-2">
                <h3 className="h6 mb-0 me-auto">IDS files ({overview.data.documents.length})</h3>
                {mayUpload && (
                  <button
                    type="button"
                    className="btn btn-sm btn-primary"
                    onClick={() => setEditing({ kind: 'new' })}
                  >
                    New IDS
                  </button>
                )}
              </div>
              {overview.data.documents.length === 0 ? (
                <p className="small text-body-secondary">
                  No IDS file yet: upload one (.ids) into a folder, or start a new one from the shipped
                  example.
                </p>
              ) : (
                <ul className="list-group">
                  {overview.data.documents.map((entry) => (
                    <IdsDocumentRow
                      key={entry.itemId}
                      projectId={projectId}
                      entry={entry}
                      mayManage={mayManage}
                      onEdit={
                        mayUpload
                          ? () =>
                              setEditing({
                                kind: 'file',
                                itemId: entry.itemId,
                                fileName: entry.fileName,
                                folderId: entry.folderId,
                              })
                          : undefined
                      }
                    />
                  ))}
                </ul>
              )}
            </>
          )}
        </Modal.Body>
      </Modal>
      {editing && <IdsEditorDialog projectId={projectId} source={editing} onClose={() => setEditing(null)} />}
    </>
  );
}
