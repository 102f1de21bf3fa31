import { lazy, Suspense } from 'react';
import { MAIN_ROUTE, type ShellRoute } from '@penstock/shared';
import { Loading } from '../../components/Loading.tsx';
import { EngineeringPage } from '../../features/engineering/EngineeringPage.tsx';
import { PlannedPage } from '../../features/pages/components/PlannedPage.tsx';
import { PLANNED_PAGES } from '../../features/pages/pages.ts';
import { WorkspacePage } from '../../features/workspace/components/WorkspacePage.tsx';

const ProjectLogPage = lazy(() =>
  import('../../features/issues/components/ProjectLogPage.tsx').then((module) => ({
    default: module.ProjectLogPage,
  })),
);

const AdminPage = lazy(() =>
  import('../../features/admin/components/AdminPage.tsx').then((module) => ({ default: module.AdminPage })),
);

const DsearPage = lazy(() =>
  import('../../features/dsear/components/DsearPage.tsx').then((module) => ({ default: module.DsearPage })),
);

const PersonalHubPage = lazy(() =>
  import('../../features/hub/components/PersonalHubPage.tsx').then((module) => ({
    default: module.PersonalHubPage,
  })),
);

/** The content of a shell route. */
export function ShellPage({ page }: { page: ShellRoute }) {
  if (page === '/admin') {
    return (
      <Suspense fallback={<Loading label="Loading administration..." />}>
        <AdminPage />
      </Suspense>
    );
  }
  if (page === '/projectLog') {
    return (
      <Suspense fallback={<Loading label="Loading the project log..." />}>
        <ProjectLogPage />
      </Suspense>
    );
  }
  if (page === '/dsear' || page === '/dsearNew') {
    return (
      <Suspense fallback={<Loading label="Loading the DSEAR register..." />}>
        <DsearPage />
      </Suspense>
    );
  }
  if (page === '/personalHub') {
    return (
      <Suspense fallback={<Loading label="Loading your personal hub..." />}>
        <PersonalHubPage />
      </Suspense>
    );
  }
  if (page === '/engineering') return <EngineeringPage />;
  const planned = page === MAIN_ROUTE ? undefined : PLANNED_PAGES[page];
  return planned ? <PlannedPage page={planned} /> : <WorkspacePage />;
}
