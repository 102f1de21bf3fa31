import type { OpenModel } from '../../../app/store.tsx';
import { ErrorAlert } from '../../../components/ErrorAlert.tsx';
import { Loading } from '../../../components/Loading.tsx';
import { panelId, tabId } from '../../workspace/components/ModelTabs.tsx';
import { useModelInfo } from '../hooks/useModelInfo.ts';
import { ConversionStatus } from './ConversionStatus.tsx';
import { ModelView } from './ModelView.tsx';
import { PdfView } from './PdfView.tsx';

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
  else body = <ModelView versionId={versionId} active={active} issuesHref={issuesHref} />;

  return (
    <section
      role="tabpanel"
      id={panelId(model)}
      aria-labelledby={tabId(model)}
      className="model-panel"
      hidden={!active}
    >
      {body}
    </section>
  );
}
