import { Button } from 'react-bootstrap';
import { errorMessage } from '../../base/api.ts';
import { ListDialog, ListStates, ListTable } from '../../components/ListDialog.tsx';
import { useDeletedItems, useRestoreItem } from './api.ts';
import { formatDate } from '@penstock/shared';

/** A project manager's list of deleted files, each with Restore: nothing is lost by a slip. */
export function DeletedItemsDialog({ projectId, onClose }: { projectId: string; onClose: () => void }) {
  const deleted = useDeletedItems(projectId, true);
  const restore = useRestoreItem(projectId);
  return (
    <ListDialog onHide={onClose} size="lg" titleId="deleted-title" titleClassName="h5" title="Deleted items">
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
      <ListStates
        list={deleted}
        loading="Loading the deleted items..."
        errorTitle="The deleted items could not be loaded."
        empty={<p className="text-secondary mb-0">Nothing has been deleted.</p>}
      >
        {(items) => (
          <ListTable
            size="sm"
            responsive
            className="mb-0 align-middle"
            columns={['File', 'Folder', 'Deleted', 'By', { label: 'Restore', hidden: true }]}
          >
            {items.map((item) => (
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
          </ListTable>
        )}
      </ListStates>
    </ListDialog>
  );
}
