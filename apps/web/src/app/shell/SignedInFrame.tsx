import type { ReactNode } from 'react';
import { Alert } from 'react-bootstrap';
import type { CurrentUser } from '@penstock/shared';
import type { SignOut } from '../../features/auth/hooks/useSignOut.ts';
import { AppFooter } from './AppFooter.tsx';
import { AppHeader } from './AppHeader.tsx';
import { LeftNav } from './LeftNav.tsx';

/** The signed-in page frame: header (with sign out and its error), left navigation, the page, footer. */
export function SignedInFrame({
  user,
  signOut,
  children,
}: {
  user: CurrentUser;
  signOut: SignOut;
  children: ReactNode;
}) {
  return (
    <div className="app-shell">
      <AppHeader user={user} onSignOut={() => void signOut.signOut()} signingOut={signOut.pending} />
      {signOut.error && (
        <Alert variant="danger" dismissible onClose={signOut.clearError} className="m-2 mb-0">
          {signOut.error}
        </Alert>
      )}
      <div className="app-body">
        <LeftNav />
        <main className="app-main" id="main-content">
          {children}
        </main>
      </div>
      <AppFooter />
    </div>
  );
}
