import { useMemo } from 'react';
import { mayAs, type MayInProject } from '../permissions.ts';
import { useProjectRole } from './useProjectRole.ts';

export { mayAs, type MayInProject } from '../permissions.ts';

/**
 * The one permission hook of the web app: whether the signed-in user may do an action in a project, by the
 * same shared action table the server enforces (mayAs: the shared `mayInProject` with the user's role in
 * the project). Every control that hides or disables on permission asks it, with the action the server
 * checks for the call the control makes, and is listed in PERMISSION_GATES (../permissions.ts); the server's
 * answer still decides.
 *
 *     const may = useMayInProject(projectId);
 *     {may('writeIssues') && <Button>New issue</Button>}
 */
export function useMayInProject(projectId: string | null | undefined): MayInProject {
  const role = useProjectRole(projectId);
  return useMemo(() => mayAs(role), [role]);
}
