const LISTS: Record<string, string> = {
  procedures: 'Procedures and guidance documents',
  trainingVideos: 'Training videos',
};

/** The first problem of the settings form, saying which card it is on. */
export function describeError(error: {
  issues: ReadonlyArray<{ path: readonly PropertyKey[]; message: string }>;
}): string {
  const issue = error.issues[0];
  if (!issue) return 'The settings are not valid';
  const [list, index] = issue.path;
  if (typeof list === 'string' && list in LISTS && typeof index === 'number')
    return `${LISTS[list]}, card ${index + 1}: ${issue.message}`;
  return issue.message;
}
