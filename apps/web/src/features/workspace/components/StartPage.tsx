import { useMemo } from 'react';
import { micromark } from 'micromark';
import { Loading } from '../../../components/Loading.tsx';
import { useConfig } from '../../config/hooks/useConfig.ts';

/**
 * The start text (markdown from the configuration), shown until a model is open. micromark (CommonMark, as
 * react-markdown was, at half its script) writes the HTML: raw HTML in the text is shown as text, and links
 * with unsafe protocols (javascript:) lose their address.
 */
export function StartPage() {
  const config = useConfig();
  const startPage = config.data?.startPage;
  const html = useMemo(() => (startPage === undefined ? '' : micromark(startPage)), [startPage]);
  if (config.isPending) return <Loading label="Loading the start page..." />;
  if (config.isError) {
    return (
      <div className="start-page">
        <h1 className="h3">Penstock project viewer</h1>
        <p className="text-secondary">
          Choose a project in the project finder, then open a model or drawing from the project browser.
        </p>
      </div>
    );
  }
  return <article className="start-page markdown-body" dangerouslySetInnerHTML={{ __html: html }} />;
}
