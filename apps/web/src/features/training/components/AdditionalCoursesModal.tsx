import { useState } from 'react';
import { Button, Form } from 'react-bootstrap';
import {
  TRAINING_MESSAGES,
  extraCourseChoices,
  isTrue,
  matchesTrainingSearch,
  mergeTraining,
  type TrainingItem,
  type TrainingUserRecord,
} from '@penstock/shared';
import { ListDialog, ListTable } from '../../../components/ListDialog.tsx';

/**
 * 'Additional Courses' (spec §2, §4): the courses not required for the user's role, with a search box;
 * ticking one adds it to Available (its X entries become A), unticking removes it.
 */
export function AdditionalCoursesModal({
  show,
  onClose,
  content,
  record,
  onTick,
}: {
  show: boolean;
  onClose: () => void;
  content: readonly TrainingItem[];
  record: TrainingUserRecord;
  onTick: (courseId: string, ticked: boolean) => void;
}) {
  const [search, setSearch] = useState('');
  const added = new Set(
    mergeTraining(record.trainingRecord)
      .filter((item) => isTrue(item.trainingData.added))
      .map((item) => item.id),
  );
  const choices = extraCourseChoices(content, record.role).filter((item) =>
    matchesTrainingSearch(item, search),
  );

  return (
    <ListDialog
      show={show}
      onHide={onClose}
      size="lg"
      scrollable
      titleId="additional-courses-title"
      titleAs="h2"
      titleClassName="h5"
      title={TRAINING_MESSAGES.additionalCourses}
      footer={<Button onClick={onClose}>Ok</Button>}
    >
      <Form.Control
        type="search"
        placeholder={TRAINING_MESSAGES.searchAdditional}
        aria-label={TRAINING_MESSAGES.searchAdditional}
        value={search}
        onChange={(event) => setSearch(event.target.value)}
        className="mb-3"
      />
      <ListTable
        size="sm"
        hover
        className="align-middle mb-0"
        columns={['Title', 'Format', { label: 'Select', className: 'text-center' }]}
      >
        {choices.length === 0 ? (
          <tr>
            <td colSpan={3} className="text-secondary small">
              {search.trim()
                ? 'No additional course matches the search'
                : 'No additional courses for your role'}
            </td>
          </tr>
        ) : (
          choices.map((item) => (
            <tr key={item.id}>
              <td>{item.trainingTitle}</td>
              <td>{item.trainingData.format}</td>
              <td className="text-center">
                <Form.Check
                  className="d-inline-block"
                  aria-label={`Select: ${item.trainingTitle}`}
                  checked={added.has(item.id)}
                  onChange={(event) => onTick(item.id, event.target.checked)}
                />
              </td>
            </tr>
          ))
        )}
      </ListTable>
    </ListDialog>
  );
}
