import { useMemo, useState } from 'react';
import { Button, Form, Spinner } from 'react-bootstrap';
import { FaTrash } from 'react-icons/fa6';
import type { UseQueryResult } from '@tanstack/react-query';
import {
  formatDate,
  FEEDBACK_FEATURES,
  FEEDBACK_LIMITS,
  FEEDBACK_MESSAGES,
  isFeedbackFeature,
  type FeedbackItem,
} from '@penstock/shared';
import { errorMessage } from '../../../base/api.ts';
import { NoticeAlert, type Notice } from './NoticeAlert.tsx';
import { ErrorAlert } from '../../../components/ErrorAlert.tsx';
import { Loading } from '../../../components/Loading.tsx';
import { useSaveReview } from '../hooks/useFeedback.ts';
import {
  EMPTY_DRAFT,
  changedRows,
  deleteRow,
  draftProblems,
  editRow,
  shownRows,
  type ReviewDraft,
  type ReviewFields,
} from '../reviewDraft.ts';
import { ListTable } from '../../../components/ListDialog.tsx';

/**
 * The Review Feedback table (spec §2, §4): flag a row as FAQ or critical, edit its comment or feature,
 * delete it, then Save. Changes stay in the page until Save, which sends only the changed and deleted rows.
 */
export function ReviewTable({ list }: { list: UseQueryResult<FeedbackItem[]> }) {
  const [draft, setDraft] = useState<ReviewDraft>(EMPTY_DRAFT);
  const [notice, setNotice] = useState<Notice | null>(null);
  const save = useSaveReview();
  const items = useMemo(() => list.data ?? [], [list.data]);
  const rows = useMemo(() => shownRows(items, draft), [items, draft]);
  const changed = changedRows(items, draft);
  const pending = changed.length + draft.deleted.length;

  if (list.isPending) return <Loading label="Loading the feedback..." />;
  if (list.isError) return <ErrorAlert error={list.error} title="The feedback could not be loaded." />;

  const edit = (item: FeedbackItem, change: Partial<ReviewFields>) => {
    setNotice(null);
    setDraft((current) => editRow(current, item, change));
  };
  const remove = (item: FeedbackItem) => {
    if (!window.confirm(FEEDBACK_MESSAGES.deleteConfirm)) return;
    setNotice(null);
    setDraft((current) => deleteRow(current, item.Id));
  };
  const onSave = () => {
    const problems = draftProblems(items, draft);
    if (problems.length) return setNotice({ variant: 'warning', text: problems.join(' ') });
    setNotice(null);
    save.mutate(
      { rows: changed, deleted: draft.deleted },
      {
        onSuccess: () => {
          setDraft(EMPTY_DRAFT);
          setNotice({ variant: 'success', text: FEEDBACK_MESSAGES.saved });
        },
        // the spec only logs a failure; the reviewer is told and keeps the changes (or discards them)
        onError: (error) =>
          setNotice({ variant: 'danger', text: `The review was not saved: ${errorMessage(error)}` }),
      },
    );
  };

  return (
    <>
      {rows.length === 0 ? (
        <p className="text-secondary">No feedback to review.</p>
      ) : (
        <ListTable
          responsive
          size="sm"
          className="feedback-review align-middle"
          aria-label="Review Feedback"
          columns={[
            'Feature',
            'User',
            'Feedback',
            'Comment',
            { label: 'FAQ', className: 'text-center' },
            { label: 'Critical', className: 'text-center' },
            { label: 'Delete', hidden: true },
          ]}
        >
          {rows.map((item) => (
            <ReviewRow key={item.Id} item={item} onEdit={edit} onDelete={remove} />
          ))}
        </ListTable>
      )}
      <NoticeAlert notice={notice} onClose={() => setNotice(null)} />
      <div className="d-flex align-items-center gap-2">
        <Button onClick={onSave} disabled={save.isPending || pending === 0}>
          {save.isPending && <Spinner animation="border" size="sm" className="me-1" aria-hidden="true" />}
          Save
        </Button>
        <Button
          variant="outline-secondary"
          onClick={() => {
            setDraft(EMPTY_DRAFT);
            setNotice(null);
          }}
          disabled={save.isPending || pending === 0}
        >
          Discard changes
        </Button>
        <span className="text-secondary small">
          {pending === 0
            ? 'No unsaved changes'
            : `Unsaved: ${changed.length} changed, ${draft.deleted.length} deleted`}
        </span>
      </div>
    </>
  );
}

function ReviewRow({
  item,
  onEdit,
  onDelete,
}: {
  item: FeedbackItem;
  onEdit: (item: FeedbackItem, change: Partial<ReviewFields>) => void;
  onDelete: (item: FeedbackItem) => void;
}) {
  const label = item.Feedback.length > 40 ? `${item.Feedback.slice(0, 40)}...` : item.Feedback;
  return (
    <tr className={item.IsCritical ? 'feedback-critical' : undefined} data-feedback-id={item.Id}>
      <td className="feedback-feature">
        <Form.Select
          size="sm"
          aria-label={`Feature of '${label}'`}
          value={item.Feature}
          onChange={(event) => {
            if (isFeedbackFeature(event.target.value)) onEdit(item, { Feature: event.target.value });
          }}
        >
          {FEEDBACK_FEATURES.map((option) => (
            <option key={option} value={option}>
              {option}
            </option>
          ))}
        </Form.Select>
      </td>
      <td className="feedback-user">
        {item.User}
        <div className="text-secondary small">{formatDate(item.CreatedAt, 'locale-medium-date')}</div>
      </td>
      <td className="feedback-text">{item.Feedback}</td>
      <td className="feedback-comment">
        <Form.Control
          as="textarea"
          rows={2}
          size="sm"
          aria-label={`Comment on '${label}'`}
          value={item.Comment}
          maxLength={FEEDBACK_LIMITS.maxCommentLength}
          onChange={(event) => onEdit(item, { Comment: event.target.value })}
        />
      </td>
      <td className="text-center">
        <Form.Check
          aria-label={`FAQ: '${label}'`}
          checked={item.IsFaq}
          onChange={(event) => onEdit(item, { IsFaq: event.target.checked })}
        />
      </td>
      <td className="text-center">
        <Form.Check
          aria-label={`Critical: '${label}'`}
          checked={item.IsCritical}
          onChange={(event) => onEdit(item, { IsCritical: event.target.checked })}
        />
      </td>
      <td>
        <Button
          size="sm"
          variant="outline-danger"
          aria-label={`Delete '${label}'`}
          title="Delete this feedback row"
          onClick={() => onDelete(item)}
        >
          <FaTrash aria-hidden="true" />
        </Button>
      </td>
    </tr>
  );
}
