import { Link } from 'react-router';
import { fileExtensionOf, isModelFile } from '@penstock/shared';
import { compareHref } from '../compare/compareLink.ts';
import { useVersions } from './api.ts';

/** Files compared version against version (issue 34): drawings (PDF) and models. */
export const isComparable = (fileName: string) =>
  fileExtensionOf(fileName) === 'pdf' || isModelFile(fileName);

export const COMPARE_WITH_PREVIOUS = 'Compare with previous revision';

/**
 * "Compare with previous revision" (issue 34 §3): the compare link of a version and the version of its file
 * before it, shown only when there is one (the Complete Review dialog, the personal hub).
 */
export function CompareWithPrevious({
  itemId,
  versionId,
  onOpen,
  className,
}: {
  itemId: string;
  versionId: string;
  /** called as the link is followed (a dialog closes) */
  onOpen?: () => void;
  className?: string;
}) {
  const versions = useVersions(itemId);
  const rows = versions.data ?? [];
  // newest first: the version before is the next one
  const at = rows.findIndex((version) => version.id === versionId);
  const previous = at >= 0 ? rows[at + 1] : undefined;
  if (!previous || !isComparable(rows[at]!.fileName)) return null;
  return (
    <Link
      to={compareHref({ baseVersionId: previous.id, headVersionId: versionId })}
      className={className}
      title={`Compare V${rows[at]!.number} with V${previous.number}`}
      onClick={onOpen}
    >
      {COMPARE_WITH_PREVIOUS}
    </Link>
  );
}
