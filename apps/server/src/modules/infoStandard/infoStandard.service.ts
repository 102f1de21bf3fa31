import type { CurrentUser, InfoStandard, ProjectInfoStandard } from '@penstock/shared';
import { notFound } from '../../http/errors.ts';
import { EVERYWHERE, type AccessService } from '../../security/access.ts';
import type { ProjectDirectory } from '../projects/index.ts';
import type { InfoStandardRepo, StoredStandard } from './infoStandard.repo.ts';

const present = (stored: StoredStandard): ProjectInfoStandard => ({ ...stored });

/** The project's information standard: members read it, managers change it, administrators relax it. */
export class InfoStandardService {
  constructor(
    private readonly repo: InfoStandardRepo,
    private readonly projects: ProjectDirectory,
    private readonly access: AccessService,
  ) {}

  async get(user: CurrentUser, projectId: string): Promise<ProjectInfoStandard> {
    await this.access.requireAccess(user, { project: projectId }, 'read');
    return present(await this.repo.standardOf(projectId));
  }

  /** `read` parses the body after the check: only someone allowed learns what is wrong with it. */
  async put(user: CurrentUser, projectId: string, read: () => InfoStandard): Promise<ProjectInfoStandard> {
    await this.access.requireAccess(user, { project: projectId }, 'editInfoStandard');
    await this.repo.saveStandard(projectId, read(), user.id);
    return present(await this.repo.standardOf(projectId));
  }

  async relax(user: CurrentUser, projectId: string, read: () => boolean): Promise<ProjectInfoStandard> {
    await this.access.requireAccess(user, EVERYWHERE, 'relaxNaming');
    if (!(await this.projects.findProject(projectId))) throw notFound('No such project');
    await this.repo.saveRelaxed(projectId, read(), user.id);
    return present(await this.repo.standardOf(projectId));
  }
}
