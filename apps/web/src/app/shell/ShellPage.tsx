import { lazy, Suspense } from 'react';
import { MAIN_ROUTE, type ShellRoute } from '@penstock/shared';
import { Loading } from '../../components/Loading.tsx';
import { PlannedPage } from '../../features/pages/components/PlannedPage.tsx';
import { PLANNED_PAGES } from '../../features/pages/pages.ts';
import { ViewerExtensionsProvider } from '../../features/viewer/extensions.tsx';
import { WorkspacePage } from '../../features/workspace/components/WorkspacePage.tsx';
import { lazyViewerExtensions } from '../lazyViewerExtensions.ts';

const EngineeringPage = lazy(() =>
  import('../../features/engineering/EngineeringPage.tsx').then((module) => ({
    default: module.EngineeringPage,
  })),
);

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

const SketchPage = lazy(() =>
  import('../../features/sketch/components/SketchPage.tsx').then((module) => ({
    default: module.SketchPage,
  })),
);

const FeedbackPage = lazy(() =>
  import('../../features/feedback/components/FeedbackPage.tsx').then((module) => ({
    default: module.FeedbackPage,
  })),
);

const SupplierPage = lazy(() =>
  import('../../features/supplier/components/SupplierPage.tsx').then((module) => ({
    default: module.SupplierPage,
  })),
);

const TrainingPage = lazy(() =>
  import('../../features/training/components/TrainingPage.tsx').then((module) => ({
    default: module.TrainingPage,
  })),
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
  if (page === '/engineering') {
    return (
      <Suspense fallback={<Loading label="Loading the engineering apps..." />}>
        <EngineeringPage />
      </Suspense>
    );
  }
  if (page === '/SketchUp') {
    return (
      <Suspense fallback={<Loading label="Loading the sketch editor..." />}>
        <SketchPage />
      </Suspense>
    );
  }
  if (page === '/feedback') {
    return (
      <Suspense fallback={<Loading label="Loading the feedback page..." />}>
        <FeedbackPage />
      </Suspense>
    );
  }
  if (page === '/supplier') {
    return (
      <Suspense fallback={<Loading label="Loading the Supplier Zone..." />}>
        <SupplierPage />
      </Suspense>
    );
  }
  if (page === '/training') {
    return (
      <Suspense fallback={<Loading label="Loading the training page..." />}>
        <TrainingPage />
      </Suspense>
    );
  }
  const planned = page === MAIN_ROUTE ? undefined : PLANNED_PAGES[page];
  if (planned) return <PlannedPage page={planned} />;
  // the composition root of the viewers: their panel, pins, markup, workflow and project-data tools and side
  // panels are other features' (app/viewerExtensions.ts), loaded with the viewers' code
  return (
    <ViewerExtensionsProvider extensions={lazyViewerExtensions}>
      <WorkspacePage />
    </ViewerExtensionsProvider>
  );
}
