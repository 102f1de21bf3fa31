import { Navigate, useLocation } from 'react-router';
import { PUBLIC_SHELL_ROUTES, shellPageFor } from '@penstock/shared';
import { useCurrentUser } from '../../features/auth/hooks/useCurrentUser.ts';
import { useSignOut } from '../../features/auth/hooks/useSignOut.ts';
import { signInPageFor } from '../../features/auth/returnTo.ts';
import { ConfigError } from '../../features/config/components/ConfigError.tsx';
import { FullPageMessage, WAITING_FOR_USER } from './FullPageMessage.tsx';
import { SignedInFrame } from './SignedInFrame.tsx';
import { ShellPage } from './ShellPage.tsx';
import { PublicShell } from './PublicShell.tsx';

export { WAITING_FOR_USER };

/** The signed-in shell: header, left navigation, the page of the route, footer. */
export function Shell() {
  const { pathname, search } = useLocation();
  const signOut = useSignOut();
  // after signing out nothing may load again while the browser leaves
  const user = useCurrentUser({ enabled: !signOut.signedOut });

  if (signOut.signedOut) return <FullPageMessage text="Signing out..." />;
  if (user.isError) {
    const page = shellPageFor(pathname);
    // the supplier zone, feedback and training pages open signed out too (they say what needs signing in)
    if (page === pathname && PUBLIC_SHELL_ROUTES.includes(page)) return <PublicShell page={page} />;
    // a deep link (a saved view's, a compare's) comes back after signing in
    return <Navigate to={signInPageFor(pathname + search)} replace />;
  }
  if (user.isPending) return <FullPageMessage text={WAITING_FOR_USER} />;

  return (
    <SignedInFrame user={user.data} signOut={signOut}>
      <ConfigError />
      <ShellPage page={shellPageFor(pathname)} />
    </SignedInFrame>
  );
}
