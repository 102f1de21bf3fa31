import { useMayInProject } from '../../projects/hooks/useMayInProject.ts';

/**
 * Whether the user may create, edit, close and place issues and import BCF: the server's 'writeIssues'
 * (POST and PATCH /api/issues, POST /api/issues/bcf). Viewers read, comment and export; while the role is
 * unknown the controls stay hidden.
 */
export const useCanChangeIssues = (projectId: string | null | undefined): boolean =>
  useMayInProject(projectId)('writeIssues');
