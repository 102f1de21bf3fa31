import { useState } from 'react';
import { Button, Spinner } from 'react-bootstrap';
import { FaClockRotateLeft } from 'react-icons/fa6';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { ApiError } from '../../../base/api.ts';
import { ErrorAlert } from '../../../components/ErrorAlert.tsx';
import { ListDialog, ListStates, ListTable } from '../../../components/ListDialog.tsx';
import {
  calculationDataKey,
  fetchFormHistory,
  formHistoryKey,
  projectInputKey,
  restoreFormHistory,
  type FormHistoryEntry,
  type FormKind,
} from '../api.ts';
import { formatDate } from '@penstock/shared';

export const HISTORY_UNAVAILABLE = 'The history of this form is not available on this server yet.';

const describeError = (error: unknown) =>
  error instanceof ApiError && error.status === 404 ? new Error(HISTORY_UNAVAILABLE) : error;

const summary = (values: { category: string; value: string }[]) =>
  values.length === 0
    ? 'No values'
    : values
        .slice(0, 4)
        .map(
          (value) =>
            `${value.category}: ${value.value.length > 40 ? `${value.value.slice(0, 40)}…` : value.value}`,
        )
        .join(', ') + (values.length > 4 ? `, and ${values.length - 4} more` : '');

/**
 * The 'History' link of a form card: the earlier saves of the form, newest first, in a modal; restoring one
 * saves those values again and reloads the project input or calculation data.
 */
export function FormHistory({
  kind,
  projectId,
  formId,
  formAlias,
  onRestored,
}: {
  kind: FormKind;
  projectId: string;
  formId: string;
  formAlias: string;
  onRestored: () => void;
}) {
  const [open, setOpen] = useState(false);
  const queryClient = useQueryClient();
  const history = useQuery({
    queryKey: formHistoryKey(projectId, kind, formId),
    queryFn: () => fetchFormHistory(kind, projectId, formId),
    enabled: open,
    staleTime: 0,
  });
  const restore = useMutation({
    mutationFn: (entry: FormHistoryEntry) => restoreFormHistory(kind, projectId, formId, entry),
    onSuccess: async () => {
      const data = kind === 'input' ? projectInputKey(projectId) : calculationDataKey(projectId);
      await queryClient.invalidateQueries({ queryKey: data });
      await queryClient.invalidateQueries({ queryKey: formHistoryKey(projectId, kind, formId) });
      setOpen(false);
      onRestored();
    },
  });

  return (
    <>
      <Button variant="link" size="sm" className="p-0" onClick={() => setOpen(true)}>
        <FaClockRotateLeft aria-hidden="true" className="me-1" />
        History
      </Button>
      <ListDialog
        show={open}
        onHide={() => setOpen(false)}
        size="lg"
        titleId={`${formId}-history`}
        titleClassName="h5"
        title={`History of ${formAlias}`}
      >
        {restore.isError && (
          <ErrorAlert title="The values could not be restored." error={describeError(restore.error)} />
        )}
        <ListStates
          list={history}
          loading="Loading the history..."
          describeError={describeError}
          empty={<p className="mb-0">This form has not been saved before.</p>}
        >
          {(entries) => (
            <ListTable
              size="sm"
              className="small mb-0"
              columns={['Saved', 'By', 'Values', { label: 'Actions', hidden: true }]}
            >
              {entries.map((entry) => (
                <tr key={entry.id ?? entry.at}>
                  <td className="text-nowrap">{formatDate(entry.at, 'date-time')}</td>
                  <td>{entry.by}</td>
                  <td>{summary(entry.values)}</td>
                  <td>
                    <Button
                      size="sm"
                      variant="outline-primary"
                      disabled={restore.isPending}
                      aria-label={`Restore the values saved ${formatDate(entry.at, 'date-time')}`}
                      onClick={() => restore.mutate(entry)}
                    >
                      {restore.isPending && restore.variables?.at === entry.at && (
                        <Spinner animation="border" size="sm" className="me-1" aria-hidden="true" />
                      )}
                      Restore
                    </Button>
                  </td>
                </tr>
              ))}
            </ListTable>
          )}
        </ListStates>
      </ListDialog>
    </>
  );
}
