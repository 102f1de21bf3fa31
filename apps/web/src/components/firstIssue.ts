/** The first message of a failed zod parse (the shared schemas validate forms before they are sent). */
export const firstIssue = (result: {
  success: boolean;
  error?: { issues: ReadonlyArray<{ message: string }> };
}) => (result.success ? null : (result.error?.issues[0]?.message ?? 'Check the form.'));
