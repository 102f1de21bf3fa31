import { lazy, Suspense } from 'react';
import { Navigate, useLocation } from 'react-router';
import { matchRoute } from '@penstock/shared';
import { Loading } from '../components/Loading.tsx';
import { SignInPage } from '../features/auth/components/SignInPage.tsx';
import { FullPageMessage, WAITING_FOR_USER } from './shell/FullPageMessage.tsx';

// the sign-in page loads none of the shell's code (issue 15: first load)
const Shell = lazy(() => import('./shell/Shell.tsx').then((module) => ({ default: module.Shell })));

const StyleGuidePage = lazy(() =>
  import('../features/pages/components/StyleGuidePage.tsx').then((module) => ({
    default: module.StyleGuidePage,
  })),
);

const TrainingContentRoute = lazy(() =>
  import('./shell/TrainingContentRoute.tsx').then((module) => ({
    default: module.TrainingContentRoute,
  })),
);

const SharedTransmittalPage = lazy(() =>
  import('../features/transmittals/components/SharedTransmittalPage.tsx').then((module) => ({
    default: module.SharedTransmittalPage,
  })),
);

/** A path that may be a course of the training content list: /training/{tag}. */
const TRAINING_ITEM_PATH = /^\/training\/[^/]+$/;

/**
 * The spec's route table, resolved by the shared matchRoute (exact, case-sensitive matching). /training/{tag}
 * exists only for the tags of the training content list, so such a path waits for that list (read by
 * TrainingContentRoute, which redirects to / when the tag is not in it).
 */
export function AppRoutes() {
  const { pathname } = useLocation();
  const match = matchRoute(pathname);
  if (match.kind === 'redirect' && TRAINING_ITEM_PATH.test(pathname))
    return (
      <Suspense fallback={<Loading label="Loading the course..." />}>
        <TrainingContentRoute pathname={pathname} />
      </Suspense>
    );
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
      return (
        <Suspense fallback={<FullPageMessage text={WAITING_FOR_USER} />}>
          <Shell />
        </Suspense>
      );
    case 'transmittal':
      return (
        <Suspense fallback={<Loading />}>
          <SharedTransmittalPage token={match.token} />
        </Suspense>
      );
    case 'training-item':
    case 'redirect':
      return <Navigate to="/" replace />;
  }
}
