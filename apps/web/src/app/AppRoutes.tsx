import { lazy, Suspense } from 'react';
import { Navigate, useLocation } from 'react-router';
import { matchRoute } from '@penstock/shared';
import { Loading } from '../components/Loading.tsx';
import { SignInPage } from '../features/auth/components/SignInPage.tsx';
import { Shell } from './shell/Shell.tsx';

const StyleGuidePage = lazy(() =>
  import('../features/pages/components/StyleGuidePage.tsx').then((module) => ({
    default: module.StyleGuidePage,
  })),
);

/**
 * The spec's route table, resolved by the shared matchRoute (exact, case-sensitive matching). There is no
 * training content list yet, so /training/{tag} redirects like any unknown path.
 */
export function AppRoutes() {
  const { pathname } = useLocation();
  const match = matchRoute(pathname);
  switch (match.kind) {
    case 'signin':
      return <SignInPage />;
    case 'bootstrap':
      return (
        <Suspense fallback={<Loading />}>
          <StyleGuidePage />
        </Suspense>
      );
    case 'shell':
      return <Shell />;
    case 'training-item':
    case 'redirect':
      return <Navigate to="/" replace />;
  }
}
