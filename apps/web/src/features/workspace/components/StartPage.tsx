import { useQuery } from '@tanstack/react-query';
import { Loading } from '../../../components/Loading.tsx';
import { loadStartPageHtml } from '../../config/api.ts';

/**
 * The start text (startPage.md of the configuration), shown until a model is open. The server renders it
 * with micromark (CommonMark): raw HTML in the text is shown as text, and links with unsafe protocols
 * (javascript:) lose their address; so the shell loads no markdown library (issue 15: first load).
 */
export function StartPage() {
  const page = useQuery({
    queryKey: ['config', 'startPage.html'],
    queryFn: loadStartPageHtml,
    staleTime: Infinity,
    gcTime: Infinity,
  });
  if (page.isPending) return <Loading label="Loading the start page..." />;
  if (page.isError) {
    return (
      <div className="start-page">
        <h1 className="h3">Penstock project viewer</h1>
        <p className="text-secondary">
          Choose a project in the project finder, then open a model or drawing from the project browser.
        </p>
      </div>
    );
  }
  return <article className="start-page markdown-body" dangerouslySetInnerHTML={{ __html: page.data }} />;
}
