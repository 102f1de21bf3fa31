import { Dropdown, Spinner } from 'react-bootstrap';
import { Link } from 'react-router';
import { FaRightFromBracket, FaUserGear } from '../../components/shellIcons.ts';
import { mayGlobally, type CurrentUser } from '@penstock/shared';
import { Avatar } from '../../components/Avatar.tsx';

/** The user's name and picture; Administration for administrators; Sign out. */
export function UserMenu({
  user,
  onSignOut,
  signingOut,
}: {
  user: CurrentUser;
  onSignOut: () => void;
  signingOut: boolean;
}) {
  return (
    <Dropdown align="end" className="user-menu">
      <Dropdown.Toggle id="user-menu" variant="link" className="user-menu-toggle">
        <Avatar name={user.name} picture={user.picture} size={30} />
        <span className="user-menu-name">{user.name}</span>
      </Dropdown.Toggle>
      <Dropdown.Menu className="shadow">
        <Dropdown.Header>
          <div className="fw-semibold text-body">{user.name}</div>
          <div className="small text-secondary text-truncate">{user.email}</div>
        </Dropdown.Header>
        <Dropdown.Divider />
        {mayGlobally(user, 'administer') && (
          <Dropdown.Item as={Link} to="/admin">
            <FaUserGear className="me-2" aria-hidden="true" />
            Administration
          </Dropdown.Item>
        )}
        <Dropdown.Item as="button" onClick={onSignOut} disabled={signingOut}>
          {signingOut ? (
            <Spinner size="sm" animation="border" className="me-2" aria-hidden="true" />
          ) : (
            <FaRightFromBracket className="me-2" aria-hidden="true" />
          )}
          Sign out
        </Dropdown.Item>
      </Dropdown.Menu>
    </Dropdown>
  );
}
