import { Badge, Nav } from 'react-bootstrap';
import { NavLink } from 'react-router';
import { FaBell } from '../../../components/shellIcons.ts';
import { pendingCountsLabel } from '../format.ts';
import { usePendingCounts } from '../hooks/useHub.ts';
import '../hub.css';

export const PERSONAL_HUB_ROUTE = '/personalHub';

/** The header's bell: a link to the personal hub with the number of items waiting for the user. */
export function PendingWorkLink() {
  const counts = usePendingCounts();
  const total = counts.data?.total ?? 0;
  const label = counts.isError
    ? 'Personal hub (the pending count could not be loaded)'
    : pendingCountsLabel(counts.data);
  return (
    <Nav.Link
      as={NavLink}
      to={PERSONAL_HUB_ROUTE}
      end
      aria-label={label}
      title={label}
      className="pending-work-link"
    >
      <FaBell aria-hidden="true" />
      {total > 0 && (
        <Badge bg="danger" pill className="pending-work-badge" aria-hidden="true">
          {total > 99 ? '99+' : total}
        </Badge>
      )}
    </Nav.Link>
  );
}
