/**
 * ISO 19650 information states, suitability codes and revision codes, as data.
 *
 * Source: BS EN ISO 19650-2:2018, UK National Annex NA.4.2 as amended in February 2021 ("NA 02/2021"),
 * Table NA.1 'Status codes for information containers'. The 2021 annex withdrew S6, S7 and CR (A6 is used
 * for as-constructed records) and advises against Bn codes, so Penstock does not offer them. An codes are
 * stage-specific: the stage numbering of BS 8536-2:2016 / the RIBA Plan of Work 0 to 7. Revision codes
 * follow NA.4.3: P01.01, P01.02 ... while work is in progress, P01, P02 ... once shared, C01, C02 ... once
 * published (contractual). docs/iso19650.md explains how Penstock applies them.
 */

export const CDE_STATES = ['WIP', 'Shared', 'Published', 'Archived'] as const;
export type CdeState = (typeof CDE_STATES)[number];

/** The state of a document from the name of its top folder; null for a folder outside the four. */
export function cdeStateOfTopFolder(name: string | null | undefined): CdeState | null {
  const key = (name ?? '')
    .trim()
    .toLowerCase()
    .replace(/[^a-z]/g, '');
  if (key === 'wip' || key === 'workinprogress') return 'WIP';
  if (key === 'shared') return 'Shared';
  if (key === 'published') return 'Published';
  if (key === 'archived' || key === 'archive') return 'Archived';
  return null;
}

export interface SuitabilityCode {
  code: string;
  state: CdeState;
  description: string;
}

const STAGES = [
  'Strategy / Strategic Definition',
  'Brief / Preparation and Briefing',
  'Concept / Concept Design',
  'Definition / Spatial Coordination',
  'Design / Technical Design (suitable for construction)',
  'Construct and commission / Manufacturing and Construction (construction record)',
  'Handover and closeout / Handover (as-constructed record)',
  'Operation and end of life / Use',
];

export const SUITABILITY_CODES: readonly SuitabilityCode[] = [
  { code: 'S0', state: 'WIP', description: 'Work in progress: developed within a task team' },
  { code: 'S1', state: 'Shared', description: 'Suitable for coordination' },
  { code: 'S2', state: 'Shared', description: 'Suitable for information / reference' },
  { code: 'S3', state: 'Shared', description: 'Suitable for review and comment' },
  { code: 'S4', state: 'Shared', description: 'Suitable for review and authorisation' },
  { code: 'S5', state: 'Shared', description: 'Suitable for review and acceptance' },
  ...STAGES.map((stage, n): SuitabilityCode => ({
    code: `A${n}`,
    state: 'Published',
    description: `Authorised and accepted for stage ${n}: ${stage}`,
  })),
];

export const suitabilityCode = (code: string): SuitabilityCode | undefined =>
  SUITABILITY_CODES.find((entry) => entry.code === code);

/** The codes a version may carry in a folder of this state (Archived keeps what it had). */
export function suitabilitiesFor(state: CdeState | null): SuitabilityCode[] {
  if (state === 'Archived') return [...SUITABILITY_CODES];
  return SUITABILITY_CODES.filter((entry) => entry.state === (state ?? 'WIP'));
}

/** The codes a review may target: a workflow publishes into Shared or Published. */
export const TARGET_STATES: readonly CdeState[] = ['Shared', 'Published'];

/**
 * The suitability of a file put straight into a folder, without a workflow: S0 in work in progress, and
 * S2 (information) anywhere else. Only an approved workflow gives an S1/S3-S5 purpose or an A code: nobody
 * has authorised a file that was simply uploaded, even into Published.
 */
export const directSuitability = (state: CdeState | null): string =>
  state === null || state === 'WIP' ? 'S0' : 'S2';

/** Why a target suitability does not fit the target folder, or null when it does. */
export function targetSuitabilityProblem(code: string, state: CdeState | null, folderPath: string) {
  if (!state || !TARGET_STATES.includes(state))
    return `The target folder '${folderPath}' is not in Shared or Published: a review publishes into one of those`;
  const entry = suitabilityCode(code);
  if (!entry) return `Unknown target suitability '${code}': use one of ${suitabilityList(state)}`;
  if (entry.state !== state)
    return `Suitability ${code} is for ${entry.state} information; the target folder '${folderPath}' is ${state}: use one of ${suitabilityList(state)}`;
  return null;
}

const suitabilityList = (state: CdeState) =>
  suitabilitiesFor(state)
    .map((entry) => entry.code)
    .join(', ');

// ---- revision codes ----------------------------------------------------------

export interface Revision {
  kind: 'P' | 'C';
  major: number;
  /** the WIP iteration (P01.02 → 2); absent on shared and published codes */
  minor?: number;
}

export function parseRevision(text: string | null | undefined): Revision | null {
  const match = /^([PC])(\d{2,})(?:\.(\d{1,}))?$/.exec((text ?? '').trim());
  if (!match) return null;
  const kind = match[1] as 'P' | 'C';
  if (kind === 'C' && match[3] !== undefined) return null;
  return {
    kind,
    major: Number(match[2]),
    ...(match[3] !== undefined ? { minor: Number(match[3]) } : {}),
  };
}

const pad = (n: number) => String(n).padStart(2, '0');
export const formatRevision = (revision: Revision): string =>
  `${revision.kind}${pad(revision.major)}${revision.minor !== undefined ? `.${pad(revision.minor)}` : ''}`;

/**
 * The revision code of a new version.
 * - `own`: the revisions of the versions the target item already has (any order);
 * - `source`: the revision of the version it comes from (a workflow's published copy, a move);
 * - `sharedFromOwn`: the shared revisions made from this item's versions (a WIP item starts the next
 *   preliminary revision once its P01 has been shared: P01.03 shared as P01, the next WIP is P02.01).
 */
export function nextRevision(
  state: CdeState | null,
  own: readonly string[],
  source?: string | null,
  sharedFromOwn: readonly string[] = [],
): string {
  const ownParsed = own.map(parseRevision).filter((r): r is Revision => r !== null);
  const sourceParsed = parseRevision(source);
  const maxMajor = (list: readonly Revision[], kind: 'P' | 'C') =>
    Math.max(0, ...list.filter((r) => r.kind === kind).map((r) => r.major));
  if (state === 'Published') return formatRevision({ kind: 'C', major: maxMajor(ownParsed, 'C') + 1 });
  if (state === 'Shared') {
    const major = Math.max(maxMajor(ownParsed, 'P') + 1, sourceParsed?.kind === 'P' ? sourceParsed.major : 1);
    return formatRevision({ kind: 'P', major });
  }
  if (state === 'Archived') return source?.trim() || own[own.length - 1] || 'P01';
  // work in progress (and folders outside the four states)
  const wip = ownParsed.filter((r) => r.kind === 'P' && r.minor !== undefined);
  const last = wip.sort((a, b) => a.major - b.major || (a.minor ?? 0) - (b.minor ?? 0)).at(-1);
  const shared = maxMajor(
    sharedFromOwn.map(parseRevision).filter((r): r is Revision => r !== null && r.minor === undefined),
    'P',
  );
  const startFrom = sourceParsed?.kind === 'P' || sourceParsed?.kind === 'C' ? sourceParsed.major + 1 : 1;
  if (!last) return formatRevision({ kind: 'P', major: Math.max(startFrom, shared + 1), minor: 1 });
  if (shared >= last.major) return formatRevision({ kind: 'P', major: shared + 1, minor: 1 });
  return formatRevision({ kind: 'P', major: last.major, minor: (last.minor ?? 0) + 1 });
}
