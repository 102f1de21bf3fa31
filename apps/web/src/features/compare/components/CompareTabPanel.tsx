import { lazy, Suspense } from 'react';
import type { OpenModel } from '../../../base/store.tsx';
import { Loading } from '../../../components/Loading.tsx';
import { panelId, tabId } from '../../viewer/tabIds.ts';

// the compare's code (pdf.js, pixelmatch, the panels) loads with the first compare, not with the shell
const DrawingCompareTab = lazy(() =>
  import('./DrawingCompareTab.tsx').then((module) => ({ default: module.DrawingCompareTab })),
);

/** The body of a drawing-compare tab of the workspace (kept mounted while hidden, as every tab is). */
export function CompareTabPanel({
  model,
  active,
  projectName,
}: {
  model: OpenModel & { compare: NonNullable<OpenModel['compare']> };
  active: boolean;
  projectName: string;
}) {
  return (
    <section
      role="tabpanel"
      id={panelId(model)}
      aria-labelledby={tabId(model)}
      className="model-panel"
      hidden={!active}
    >
      <Suspense fallback={<Loading label="Loading the compare..." />}>
        <DrawingCompareTab
          baseVersionId={model.compare.baseVersionId}
          headVersionId={model.compare.headVersionId}
          active={active}
          projectName={projectName}
        />
      </Suspense>
    </section>
  );
}
