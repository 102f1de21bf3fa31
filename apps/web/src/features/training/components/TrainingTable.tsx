import { Badge, Form } from 'react-bootstrap';
import { completedCount, isTrue, type TrainingItem } from '@penstock/shared';
import { CourseLink } from './CourseLink.tsx';
import { ListTable } from '../../../components/ListDialog.tsx';

/** One of 'My Courses' tables: Title, Link, Format, Est Time to Complete, Completed (spec §2). */
export function TrainingTable({
  id,
  title,
  items,
  disabled,
  onCompleted,
}: {
  id: string;
  title: string;
  items: readonly TrainingItem[];
  disabled: boolean;
  onCompleted: (courseId: string, completed: boolean) => void;
}) {
  const headingId = `${id}-heading`;
  return (
    <section className="training-table mb-4" aria-labelledby={headingId}>
      <h3 id={headingId} className="h6 d-flex align-items-center gap-2">
        {title}
        <Badge bg="light" text="dark" className="border fw-normal">
          {completedCount(items)} of {items.length} completed
        </Badge>
      </h3>
      <ListTable
        size="sm"
        hover
        responsive
        className="align-middle mb-0"
        columns={[
          'Title',
          'Link',
          'Format',
          'Est Time to Complete',
          { label: 'Completed', className: 'text-center' },
        ]}
      >
        {items.length === 0 ? (
          <tr>
            <td colSpan={5} className="text-secondary small">
              No courses
            </td>
          </tr>
        ) : (
          items.map((item) => (
            <tr key={item.id}>
              <td>{item.trainingTitle}</td>
              <td>
                <CourseLink item={item} />
              </td>
              <td>{item.trainingData.format}</td>
              <td>{item.trainingData.time}</td>
              <td className="text-center">
                <Form.Check
                  className="d-inline-block"
                  aria-label={`Completed: ${item.trainingTitle}`}
                  checked={isTrue(item.trainingData.completed)}
                  disabled={disabled}
                  onChange={(event) => onCompleted(item.id, event.target.checked)}
                />
              </td>
            </tr>
          ))
        )}
      </ListTable>
    </section>
  );
}
