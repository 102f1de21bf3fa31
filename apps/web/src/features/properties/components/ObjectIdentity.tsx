import { CATEGORY_SOURCE_LABEL, tagSourceLabel } from '@penstock/shared';
import type { ObjectDetail } from '../objectDetailApi.ts';

/** One line of the identity block: a label, a value and, where known, where the value came from. */
function Line({ label, value, source }: { label: string; value: string; source?: string }) {
  if (!value) return null;
  return (
    <div className="props-identity-row">
      <dt>{label}</dt>
      <dd>
        {label === 'Tag' ? <strong>{value}</strong> : value}
        {source ? <span className="props-source">{source}</span> : null}
      </dd>
    </div>
  );
}

/**
 * What the selected object is (issue 10): its tag and category and where they came from, its IFC class,
 * Name, GlobalId and storey. The tag shown is the selection's (the spec's rule); the detail's when the
 * selection has none.
 */
export function ObjectIdentity({ tag, detail }: { tag: string; detail: ObjectDetail | undefined }) {
  const shownTag = tag || detail?.tag || '';
  const tagSource = detail && detail.tag === shownTag ? tagSourceLabel(detail.tagSource) : '';
  return (
    <dl className="props-identity" aria-label="Object">
      <Line label="Tag" value={shownTag} source={tagSource} />
      {detail && (
        <>
          <Line
            label="Category"
            value={detail.kind === 'element' ? detail.category : ''}
            source={CATEGORY_SOURCE_LABEL[detail.categorySource]}
          />
          <Line label="IFC class" value={detail.ifcClass} />
          <Line label="Name" value={detail.name} />
          <Line label="GlobalId" value={detail.guid} />
          <Line label="Storey" value={detail.storey} />
        </>
      )}
    </dl>
  );
}
