import {
  MAX_ISSUE_TEXT,
  MAX_ISSUE_TITLE,
  type CreateIssueBody,
  type IdsCheck,
  type IdsFailingObject,
  type IdsIssueMode,
} from '@penstock/shared';

/** Failing objects an issue per specification lists in its description. */
const LISTED = 50;

type IssueBody = Omit<CreateIssueBody, 'projectId' | 'snapshot'>;

const objectLabel = (o: IdsFailingObject) =>
  `${o.name ? `'${o.name}' ` : ''}${o.ifcClass} ${o.globalId ?? `#${o.expressId}`}`;

const clip = (text: string, max: number) => (text.length > max ? `${text.slice(0, max - 1)}…` : text);

/** Where the viewer draws objects of the checked version, by express id (their geometry's centre). */
export type ObjectCentres = ReadonlyMap<number, readonly [number, number, number]>;

/**
 * The pin on an object of the checked version: its localId (the express id), its GlobalId, and its centre
 * (an object without geometry is pinned at the origin, as before: the viewer finds it by its id).
 */
const pinOn = (
  check: IdsCheck,
  object: IdsFailingObject | undefined,
  centres: ObjectCentres,
): IssueBody['linkedDocuments'] => {
  const centre = object ? centres.get(object.expressId) : undefined;
  return [
    {
      documentId: check.modelVersionId,
      details: {
        viewableGuid: '',
        position: centre ? { x: centre[0], y: centre[1], z: centre[2] } : { x: 0, y: 0, z: 0 },
        objectId: object?.expressId ?? null,
        object: object?.globalId ? { versionId: check.modelVersionId, globalId: object.globalId } : null,
        viewerState: null,
      },
    },
  ];
};

/**
 * Open quality issues raised from a check's failures (issue 36 §3): one per failing specification, pinned on
 * its first failing object with the others listed, or one per failing object, pinned on it.
 */
export function issuesOfFailures(
  check: IdsCheck,
  specifications: readonly number[],
  failures: ReadonlyArray<{ spec: number; object: IdsFailingObject }>,
  options: { mode: IdsIssueMode; assignedTo: string | null; dueDate: string | null; centres: ObjectCentres },
): IssueBody[] {
  const common = {
    type: 'quality_issues' as const,
    status: 'open' as const,
    assigneeId: options.assignedTo,
    dueDate: options.dueDate,
  };
  const about = `IDS ${check.idsFileName}${check.idsTitle ? ` (${check.idsTitle})` : ''}`;
  if (options.mode === 'object')
    return failures.map(({ spec, object }) => {
      const specification = check.specifications[spec]!;
      return {
        ...common,
        title: clip(`${specification.name}: ${objectLabel(object)}`, MAX_ISSUE_TITLE),
        description: clip(
          [
            `${about}, specification '${specification.name}'.`,
            ...object.failures.map((f) => `Requirement: ${f.expected}\nFound: ${f.found}`),
          ].join('\n'),
          MAX_ISSUE_TEXT,
        ),
        linkedDocuments: pinOn(check, object, options.centres),
      };
    });
  return specifications.map((index) => {
    const specification = check.specifications[index]!;
    const objects = failures.filter((f) => f.spec === index).map((f) => f.object);
    const lines = [
      `${about}, specification '${specification.name}': ${specification.reason ?? `${specification.failed} of ${specification.applicable} applicable objects fail`}.`,
      ...objects
        .slice(0, LISTED)
        .map((o) => `${objectLabel(o)}: ${o.failures.map((f) => f.found).join('; ')}`),
      objects.length > LISTED ? `… and ${objects.length - LISTED} more (see the check's report).` : '',
    ].filter(Boolean);
    return {
      ...common,
      title: clip(`IDS: ${specification.name}`, MAX_ISSUE_TITLE),
      description: clip(lines.join('\n'), MAX_ISSUE_TEXT),
      linkedDocuments: pinOn(check, objects[0], options.centres),
    };
  });
}
