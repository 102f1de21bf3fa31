import { Link, useInRouterContext } from 'react-router';
import { compareKind } from '@penstock/shared';
import { useItemVersions } from '../api.ts';
import { compareHref } from '../compareLink.ts';

/** Only drawings and models are compared: other files ask for no version list. */
const comparableName = (name: string) => /\.(pdf|ifc)$/i.test(name);

/**
 * 'Compare with the previous revision' (issue 34 §3): a link to the compare of a version with the one
 * before it, when there is one and both are drawings or both models; nothing otherwise.
 */
export function CompareWithPrevious({
  itemId,
  versionId,
  fileName,
  className,
  onFollow,
}: {
  itemId: string;
  versionId: string;
  /** when known, a file that is neither a PDF nor an IFC model asks for nothing */
  fileName?: string | undefined;
  className?: string;
  onFollow?: () => void;
}) {
  const versions = useItemVersions(itemId, fileName === undefined || comparableName(fileName));
  const inRouter = useInRouterContext();
  const rows = versions.data ?? [];
  const index = rows.findIndex((version) => version.id === versionId);
  const previous = index >= 0 ? rows[index + 1] : undefined;
  const current = rows[index];
  if (!previous || !current) return null;
  const kind = compareKind(previous.fileName, current.fileName);
  if (kind !== 'drawing' && kind !== 'model') return null;
  const href = compareHref({ baseVersionId: previous.id, headVersionId: current.id });
  const text = 'Compare with the previous revision';
  const title = `Compare V${current.number}${current.revision ? ` (${current.revision})` : ''} with V${previous.number}${previous.revision ? ` (${previous.revision})` : ''}`;
  return inRouter ? (
    <Link to={href} className={className} title={title} onClick={onFollow}>
      {text}
    </Link>
  ) : (
    <a href={href} className={className} title={title} onClick={onFollow}>
      {text}
    </a>
  );
}
