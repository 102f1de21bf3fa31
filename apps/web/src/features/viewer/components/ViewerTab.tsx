import { lazy, Suspense } from 'react';
import type { OpenModel } from '../../../base/store.tsx';
import { ErrorAlert } from '../../../components/ErrorAlert.tsx';
import { Loading } from '../../../components/Loading.tsx';
import { panelId, tabId } from '../tabIds.ts';
import { useModelInfo } from '../../models/hooks/useModelInfo.ts';
import { useModelFiles } from '../hooks/useModelFiles.ts';
import { ConversionStatus } from './ConversionStatus.tsx';
import { LazyModelView as ModelView } from './lazyModelView.ts';

// the viewers' code (and the panels they carry) loads with the first model, not with the shell
const PdfView = lazy(() => import('./PdfView.tsx').then((module) => ({ default: module.PdfView })));

export const versionIdOf = (model: OpenModel): string => model.versionId ?? model.id;

/**
 * The body of one open tab: the model's conversion state until it can be drawn, then the 3D viewer (IFC)
 * or the PDF viewer. Every open tab keeps its viewer; hidden tabs keep their state.
 */
export function ViewerTab({
  model,
  active,
  issuesHref,
}: {
  model: OpenModel;
  active: boolean;
  issuesHref: string | null;
}) {
  const versionId = versionIdOf(model);
  const info = useModelInfo(versionId);
  // a converted IFC model's files download beside the viewer code, as soon as the info says it is converted
  // (a model still converting has neither: asking would only fail)
  useModelFiles(versionId, model.fileType.toLowerCase() === 'ifc' && info.data?.conversion.state === 'done');

  let body;
  if (info.isPending) body = <Loading label="Loading the model information..." />;
  else if (info.isError)
    body = (
      <div className="viewer-status">
        <ErrorAlert title="The model information could not be loaded." error={info.error} className="mb-0" />
      </div>
    );
  else if (info.data.conversion.state !== 'done')
    body = <ConversionStatus info={info.data} downloadHref={model.hrefbim360} />;
  else if (info.data.fileType.toLowerCase() === 'pdf')
    body = (
      <PdfView
        contentUrl={`/api/versions/${encodeURIComponent(versionId)}/content`}
        viewables={info.data.viewables}
        active={active}
      />
    );
  else
    body = (
      <ModelView
        versionId={versionId}
        active={active}
        issuesHref={issuesHref}
        compare={model.compare?.kind === 'model' ? model.compare : undefined}
      />
    );

  return (
    <section
      role="tabpanel"
      id={panelId(model)}
      aria-labelledby={tabId(model)}
      className="model-panel"
      hidden={!active}
    >
      <Suspense fallback={<Loading label="Loading the viewer..." />}>{body}</Suspense>
    </section>
  );
}
