import Markdown from 'react-markdown';
import { Loading } from '../../../components/Loading.tsx';
import { useConfig } from '../../config/hooks/useConfig.ts';

/** The start text (markdown from the configuration), shown until a model is open. */
export function StartPage() {
  const config = useConfig();
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
  return (
    <article className="start-page markdown-body">
      <Markdown>{config.data.startPage}</Markdown>
    </article>
  );
}
