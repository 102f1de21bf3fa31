import { useVersionCompareSummary } from './api.ts';

/** "N objects changed" against the version before (models; issue 34 §3), once the compare is made. */
export function VersionChanges({ versionId, isModel }: { versionId: string; isModel: boolean }) {
  const summary = useVersionCompareSummary(versionId, isModel);
  const compare = summary.data?.compare;
  if (!isModel || !compare) return null;
  if (compare.status === 'queued' || compare.status === 'running')
    return <span className="text-body-secondary">comparing…</span>;
  if (compare.status === 'failed' || !compare.summary) return null;
  const { added, removed, changed } = compare.summary;
  const total = added + removed + changed;
  return (
    <span title={`${added} added, ${removed} removed, ${changed} changed`}>
      {total === 1 ? '1 object changed' : `${total} objects changed`}
    </span>
  );
}
