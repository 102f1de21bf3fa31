import { useNavigate } from 'react-router';
import { MAIN_ROUTE, type DsearAttachment } from '@penstock/shared';
import { useAppStore, type OpenModel } from '../../../base/store.tsx';
import { useProjects } from '../../projects/hooks/useProjects.ts';

/** The viewer tab of an attachment: its latest version, from the document store (as the hub opens one). */
export const attachmentTab = (attachment: DsearAttachment): OpenModel => ({
  id: attachment.versionId,
  name: attachment.fileName,
  number: Math.random(),
  selected: true,
  fileType: attachment.fileType,
  hrefbim360: `/api/versions/${encodeURIComponent(attachment.versionId)}/content`,
  versionId: attachment.versionId,
  versionNumber: attachment.versionNumber,
  ...(attachment.revision ? { revision: attachment.revision, suitability: attachment.suitability } : {}),
});

/**
 * Opens an attachment in the viewer: its project is selected and the file is the open tab, then /main.
 * Returns null for a user who is not a member of the entry's project (a listed senior design manager): the
 * viewer works inside a project, so they open the file through the entry's own address instead.
 */
export function useOpenAttachment(projectId: string): ((attachment: DsearAttachment) => void) | null {
  const { dispatch, getState } = useAppStore();
  const navigate = useNavigate();
  const projects = useProjects();
  const project = projects.data?.find((p) => p.projectid === projectId || p.id === projectId);
  if (!project) return null;
  return (attachment) => {
    const replace = getState().openModels.length > 0;
    dispatch({
      type: 'openFromHub',
      project: {
        projectid: project.projectid,
        text: project.text,
        hrefbim360: project.hrefbim360,
        role: project.role,
      },
      model: attachmentTab(attachment),
      pending: null,
    });
    void navigate(MAIN_ROUTE, { replace });
  };
}
