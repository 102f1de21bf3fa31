import { Container, Nav, Navbar } from 'react-bootstrap';
import { Link, NavLink } from 'react-router';
import { FaArrowUpRightFromSquare, FaBars, FaClipboardList } from '../../components/shellIcons.ts';
import { HEADER_LINKS, MAIN_ROUTE, type CurrentUser } from '@penstock/shared';
import { Brand } from '../../components/Brand.tsx';
import { PendingWorkLink } from '../../features/hub/components/PendingWorkLink.tsx';
import { useAppStore } from '../../base/store.tsx';
import { UserMenu } from './UserMenu.tsx';

const isInternal = (href: string) => href.startsWith('/') && !href.startsWith('//');

function ProjectLogLink({ href }: { href: string }) {
  const content = (
    <>
      <FaClipboardList className="me-1" aria-hidden="true" />
      Project log
    </>
  );
  if (isInternal(href)) {
    return (
      <Nav.Link as={Link} to={href} className="project-log-link">
        {content}
      </Nav.Link>
    );
  }
  return (
    <Nav.Link href={href} target="_blank" rel="noopener noreferrer" className="project-log-link">
      {content}
      <FaArrowUpRightFromSquare className="ms-1 small" aria-hidden="true" />
    </Nav.Link>
  );
}

export function AppHeader({
  user,
  onSignOut,
  signingOut,
}: {
  user: CurrentUser;
  onSignOut: () => void;
  signingOut: boolean;
}) {
  const { state, dispatch } = useAppStore();
  const navLabel = state.leftNavOpen ? 'Hide project navigation' : 'Show project navigation';

  return (
    <Navbar expand="lg" variant="dark" className="app-header py-1" as="header">
      <Container fluid className="gap-2">
        <button
          type="button"
          className="btn btn-link nav-toggle"
          aria-label={navLabel}
          title={navLabel}
          aria-expanded={state.leftNavOpen}
          aria-controls="left-navigation"
          onClick={() => dispatch({ type: 'toggleLeftNav' })}
        >
          <FaBars aria-hidden="true" />
        </button>
        <Navbar.Brand as={Link} to={MAIN_ROUTE} aria-label="Penstock home">
          <Brand light />
        </Navbar.Brand>
        <Navbar.Toggle aria-controls="main-navigation" aria-label="Toggle page links" />
        <Navbar.Collapse id="main-navigation">
          <Nav as="nav" aria-label="Pages" className="me-auto">
            {HEADER_LINKS.map((link) => (
              <Nav.Link key={link.path} as={NavLink} to={link.path} end>
                {link.label}
              </Nav.Link>
            ))}
            {state.selectedProject && <ProjectLogLink href={state.selectedProject.hrefbim360} />}
          </Nav>
          <Nav className="align-items-lg-center">
            <PendingWorkLink />
          </Nav>
          <UserMenu user={user} onSignOut={onSignOut} signingOut={signingOut} />
        </Navbar.Collapse>
      </Container>
    </Navbar>
  );
}
