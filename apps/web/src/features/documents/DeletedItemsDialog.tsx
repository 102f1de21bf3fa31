import { Button, Modal, Table } from 'react-bootstrap';
import { errorMessage } from '../../base/api.ts';
import { ErrorAlert } from '../../components/ErrorAlert.tsx';
import { Loading } from '../../components/Loading.tsx';
import { useDeletedItems, useRestoreItem } from './api.ts';
import { formatDate } from '@penstock/shared';

/** A project manager's list of deleted files, each with Restore: nothing is lost by a slip. */
export function DeletedItemsDialog({ projectId, onClose }: { projectId: string; onClose: () => void }) {
  const deleted = useDeletedItems(projectId, true);
  const restore = useRestoreItem(projectId);
  return (
    <Modal show onHide={onClose} size="lg" aria-labelledby="deleted-title">
      <Modal.Header closeButton>
        <Modal.Title id="deleted-title" className="h5">
          Deleted items
        </Modal.Title>
      </Modal.Header>
      <Modal.Body>
        {restore.isError && (
          <div role="alert" className="alert alert-danger py-2">
            {errorMessage(restore.error)}
          </div>
        )}
        {restore.isSuccess && (
          <div role="status" className="alert alert-success py-2">
            {restore.variables.name} has been restored to {restore.variables.folderPath}
          </div>
        )}
        {deleted.isPending && <Loading label="Loading the deleted items..." />}
        {deleted.isError && (
          <ErrorAlert title="The deleted items could not be loaded." error={deleted.error} />
        )}
        {deleted.data?.length === 0 && <p className="text-secondary mb-0">Nothing has been deleted.</p>}
        {deleted.data && deleted.data.length > 0 && (
          <Table size="sm" responsive className="mb-0 align-middle">
            <thead>
              <tr>
                <th scope="col">File</th>
                <th scope="col">Folder</th>
                <th scope="col">Deleted</th>
                <th scope="col">By</th>
                <th scope="col">
                  <span className="visually-hidden">Restore</span>
                </th>
              </tr>
            </thead>
            <tbody>
              {deleted.data.map((item) => (
                <tr key={item.itemId}>
                  <td>{item.name}</td>
                  <td>{item.folderPath}</td>
                  <td>{formatDate(item.deletedAt, 'date, time-seconds')}</td>
                  <td>{item.deletedBy}</td>
                  <td>
                    <Button
                      size="sm"
                      variant="outline-primary"
                      disabled={restore.isPending}
                      onClick={() => restore.mutate(item)}
                    >
                      Restore
                    </Button>
                  </td>
                </tr>
              ))}
            </tbody>
          </Table>
        )}
      </Modal.Body>
    </Modal>
  );
}
