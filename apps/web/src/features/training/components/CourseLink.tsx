import { Link } from 'react-router';
import { FaArrowUpRightFromSquare, FaBookOpen } from 'react-icons/fa6';
import { trainingRoute, type TrainingItem } from '@penstock/shared';

/**
 * A course's link (spec §2): /training/{tag} inside the app, or, for format Other, its external address in a
 * new tab.
 */
export function CourseLink({ item }: { item: TrainingItem }) {
  const label = `Open ${item.trainingTitle}`;
  if (item.trainingData.format === 'Other') {
    if (!/^https?:\/\//i.test(item.trainingData.url))
      return <span className="text-secondary">No address</span>;
    return (
      <a href={item.trainingData.url} target="_blank" rel="noopener noreferrer" aria-label={label}>
        Open <FaArrowUpRightFromSquare className="small" aria-hidden="true" />
      </a>
    );
  }
  return (
    <Link to={trainingRoute(item.trainingData.tag)} aria-label={label}>
      <FaBookOpen className="me-1" aria-hidden="true" />
      Open
    </Link>
  );
}
