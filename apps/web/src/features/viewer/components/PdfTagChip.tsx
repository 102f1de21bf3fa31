import type { usePdfTagPick } from '../hooks/usePdfTagPick.ts';

/** The tag picked on a P&ID, and the open models that have it (a button each to show it there). */
export function PdfTagChip({ tags }: { tags: ReturnType<typeof usePdfTagPick> }) {
  const { picked, modelsWithTag, settled } = tags;
  if (!picked) return null;
  return (
    <div className="pid-tag-chip shadow-sm" role="status">
      <strong className="me-2">{picked.tag}</strong>
      {modelsWithTag.length === 0 ? (
        <span className="text-body-secondary">
          {settled ? 'No open model has this tag.' : 'Looking for it in the open models…'}
        </span>
      ) : (
        modelsWithTag.map((model) => (
          <button
            key={model.id}
            type="button"
            className="btn btn-sm btn-outline-primary ms-1"
            onClick={() => tags.showModel(model.id)}
          >
            Show in {model.name}
          </button>
        ))
      )}
      <button type="button" className="btn-close ms-2" aria-label="Dismiss the tag" onClick={tags.dismiss} />
    </div>
  );
}
