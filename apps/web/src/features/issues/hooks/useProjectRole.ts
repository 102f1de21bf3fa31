import { canUploadToProject } from '@penstock/shared';
import { useProjectRole } from '../../projects/hooks/useProjectRole.ts';

/**
 * Whether the user may create, edit, close and place issues and import BCF (members and managers; the
 * server's rule). Viewers read, comment and export; while the role is unknown the controls stay hidden.
 */
export const useCanChangeIssues = (projectId: string | null | undefined): boolean =>
  canUploadToProject(useProjectRole(projectId));
