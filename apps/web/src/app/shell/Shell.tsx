import { Alert, Spinner } from 'react-bootstrap';
import { Navigate, useLocation } from 'react-router';
import { shellPageFor } from '@penstock/shared';
import { useCurrentUser } from '../../features/auth/hooks/useCurrentUser.ts';
import { useSignOut } from '../../features/auth/hooks/useSignOut.ts';
import { ConfigError } from '../../features/config/components/ConfigError.tsx';
import { AppFooter } from './AppFooter.tsx';
import { AppHeader } from './AppHeader.tsx';
import { LeftNav } from './LeftNav.tsx';
import { ShellPage } from './ShellPage.tsx';

export const WAITING_FOR_USER = 'Waiting for user information...';

function FullPageMessage({ text }: { text: string }) {
  return (
    <div className="full-page-message" role="status">
      <Spinner animation="border" size="sm" aria-hidden="true" />
      <span>{text}</span>
    </div>
  );
}

/** The signed-in shell: header, left navigation, the page of the route, footer. */
export function Shell() {
  const { pathname } = useLocation();
  const signOut = useSignOut();
  // after signing out nothing may load again while the browser leaves
  const user = useCurrentUser({ enabled: !signOut.signedOut });

  if (signOut.signedOut) return <FullPageMessage text="Signing out..." />;
  if (user.isError) return <Navigate to="/" replace />;
  if (user.isPending) return <FullPageMessage text={WAITING_FOR_USER} />;

  return (
    <div className="app-shell">
      <AppHeader user={user.data} onSignOut={() => void signOut.signOut()} signingOut={signOut.pending} />
      {signOut.error && (
        <Alert variant="danger" dismissible onClose={signOut.clearError} className="m-2 mb-0">
          {signOut.error}
        </Alert>
      )}
      <div className="app-body">
        <LeftNav />
        <main className="app-main" id="main-content">
          <ConfigError />
          <ShellPage page={shellPageFor(pathname)} />
        </main>
      </div>
      <AppFooter />
    </div>
  );
}
