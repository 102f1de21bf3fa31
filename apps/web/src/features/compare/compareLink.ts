import { MAIN_ROUTE, VERSION_ID_PATTERN } from '@penstock/shared';

/**
 * The one link to a revision compare (issue 34 §3), shared by the drawing compare (PDF) and the model
 * compare (IFC): /main?compare=<baseVersionId>..<headVersionId>, the older version first. Whoever
 * links (Complete Review, the personal hub, the version list) builds it with compareHref; whoever opens it
 * reads it with readCompareLink and looks at the two files' types with compareKind: 'drawing' (both
 * PDF) is opened by the drawing compare (features/compare), 'model' (both IFC) by the model compare, and
 * 'mixed' is refused with COMPARE_MIXED_MESSAGE by the drawing compare (the server answers 400 too).
 */
export const COMPARE_PARAM = 'compare';
const SEPARATOR = '..';

export interface ComparePair {
  /** the older version (`v.<uuid>`) */
  baseVersionId: string;
  /** the newer version */
  headVersionId: string;
}

/** `<base>..<head>` as it stands in the address; null when it is not two different version ids. */
export function parseComparePair(value: string | null | undefined): ComparePair | null {
  if (!value) return null;
  const parts = value.split(SEPARATOR);
  if (parts.length !== 2) return null;
  const [baseVersionId, headVersionId] = parts as [string, string];
  if (!VERSION_ID_PATTERN.test(baseVersionId) || !VERSION_ID_PATTERN.test(headVersionId)) return null;
  if (baseVersionId === headVersionId) return null;
  return { baseVersionId, headVersionId };
}

/** The compare asked for by an address's query (`?compare=...`), or null. */
export const readCompareLink = (search: string | URLSearchParams): ComparePair | null =>
  parseComparePair(new URLSearchParams(search).get(COMPARE_PARAM));

export const comparePairParam = (pair: ComparePair): string =>
  `${pair.baseVersionId}${SEPARATOR}${pair.headVersionId}`;

/** The link: /main?compare=<base>..<head> (version ids need no escaping). */
/** The address's query without the compare link (once its tab is open). */
export const withoutCompare = (current: URLSearchParams): URLSearchParams => {
  const next = new URLSearchParams(current);
  next.delete(COMPARE_PARAM);
  return next;
};

export const compareHref = (pair: ComparePair): string =>
  `${MAIN_ROUTE}?${COMPARE_PARAM}=${comparePairParam(pair)}`;

/** The workspace tab of a compare: one per ordered pair. */
export const compareTabId = (pair: ComparePair): string => `compare:${comparePairParam(pair)}`;

export {
  compareKind,
  COMPARE_MIXED_MESSAGE,
  COMPARE_UNSUPPORTED_MESSAGE,
  type CompareKind,
} from '@penstock/shared';
