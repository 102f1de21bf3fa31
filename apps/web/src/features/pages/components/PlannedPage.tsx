import { FaCircleInfo } from '../../../components/shellIcons.ts';
import type { PlannedPage as PlannedPageInfo } from '../pages.ts';

/** A page whose features come in a later release: its heading and what it will hold. */
export function PlannedPage({ page }: { page: PlannedPageInfo }) {
  return (
    <div className="page-container">
      <h1 className="h3 mb-3">{page.title}</h1>
      <p className="text-secondary d-flex align-items-start gap-2 mb-0">
        <FaCircleInfo className="mt-1 flex-shrink-0" aria-hidden="true" />
        <span>{page.summary}</span>
      </p>
    </div>
  );
}
