import { Container, Navbar } from 'react-bootstrap';
import { Link } from 'react-router';
import type { ShellRoute } from '@penstock/shared';
import { Brand } from '../../components/Brand.tsx';
import { AppFooter } from './AppFooter.tsx';
import { ShellPage } from './ShellPage.tsx';

/**
 * The shell of a page opened signed out (PUBLIC_SHELL_ROUTES): the brand and a sign-in link in the header,
 * no project navigation; the page itself says what needs signing in.
 */
export function PublicShell({ page }: { page: ShellRoute }) {
  return (
    <div className="app-shell">
      <Navbar variant="dark" className="app-header py-1" as="header">
        <Container fluid className="gap-2">
          <Navbar.Brand as={Link} to="/">
            <Brand light />
          </Navbar.Brand>
          <Link to="/" className="btn btn-outline-light btn-sm ms-auto">
            Sign in
          </Link>
        </Container>
      </Navbar>
      <div className="app-body">
        <main className="app-main" id="main-content">
          <ShellPage page={page} />
        </main>
      </div>
      <AppFooter />
    </div>
  );
}
