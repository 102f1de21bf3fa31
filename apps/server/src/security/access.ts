import {
  GLOBAL_ACTIONS,
  LISTED_ACTIONS,
  PERSON_ACTIONS,
  PROJECT_ACTIONS,
  fileChangeRefusal,
  isAdministrator,
  mayAnswerAsListed,
  mayForPerson,
  mayGlobally,
  mayInProject,
  type CdeState,
  type CurrentUser,
  type FileChange,
  type GlobalAction,
  type Listing,
  type ListedAction,
  type PersonAction,
  type ProjectAction,
  type ProjectRole,
} from '@penstock/shared';
import { forbidden, notFound } from '../http/errors.ts';
import { readRole, type AccessRepo, type ProjectWithRole } from './access.repo.ts';

export type { ProjectWithRole } from './access.repo.ts';
/** A project the user belongs to, with their role in it. */
export type MemberProject = ProjectWithRole<ProjectRole>;

/** Something a user acts on: a project, everything (global roles), a person's own records, a listed answer. */
/**
 * A project; with `memberRole`, the user's role in it as the service's own query read it beside its data
 * (membershipRoleOf in access.repo.ts, or a join on project_members; null or undefined for a non-member), so
 * that the check asks no second query. The same rule decides.
 */
export type ProjectResource =
  { project: string } | { project: string; memberRole: string | null | undefined };
export type PersonResource = { person: string | null | undefined };
export type ListedResource = { listed: Listing & { name: string } };
export const EVERYWHERE = 'everywhere';

/**
 * A request's input, read only once access is granted: a refused caller learns nothing from the validation
 * of what they sent (the service calls it after requireAccess).
 */
export type AfterAccess<T> = () => T;

/**
 * The one access rule of the server (Immich's requireAccess): every service calls it first, before it reads
 * or writes, with the resource and the action; the rules themselves are the pure policies of
 * packages/shared/src/policies.ts, which the web app uses to show or hide the same controls.
 *
 * - A project: a non-member is told it does not exist (404), a member without the role gets the action's
 *   refusal (403); the member's role is returned for finer choices (what a viewer may still change).
 * - Everywhere: a global role given by an administrator (403 otherwise).
 * - A person's records: their own (administrators too, for the lists they oversee).
 * - A listed answer: only the person listed on it.
 *
 * Beside the check, it answers the other permission questions a service has (which projects a user sees, a
 * member's role, whether a role allows something), so no service asks a role itself (lint-enforced).
 */
export class AccessService {
  constructor(private readonly repo: AccessRepo) {}

  requireAccess(user: CurrentUser, resource: ProjectResource, action: ProjectAction): Promise<ProjectRole>;
  requireAccess(user: CurrentUser, resource: typeof EVERYWHERE, action: GlobalAction): Promise<void>;
  requireAccess(user: CurrentUser, resource: PersonResource, action: PersonAction): Promise<void>;
  requireAccess(user: CurrentUser, resource: ListedResource, action: ListedAction): Promise<void>;
  async requireAccess(
    user: CurrentUser,
    resource: ProjectResource | typeof EVERYWHERE | PersonResource | ListedResource,
    action: ProjectAction | GlobalAction | PersonAction | ListedAction,
  ): Promise<ProjectRole | void> {
    if (resource === EVERYWHERE) {
      const global = action as GlobalAction;
      if (!mayGlobally(user, global)) throw forbidden(GLOBAL_ACTIONS[global].refusal);
      return;
    }
    if ('project' in resource) {
      const role =
        'memberRole' in resource
          ? readRole(resource.memberRole)
          : await this.memberRole(user, resource.project);
      if (!role) throw notFound();
      const projectAction = action as ProjectAction;
      if (!mayInProject(role, projectAction)) throw forbidden(PROJECT_ACTIONS[projectAction].refusal);
      return role;
    }
    if ('person' in resource) {
      const personAction = action as PersonAction;
      if (!mayForPerson(user, resource.person, personAction))
        throw forbidden(PERSON_ACTIONS[personAction].refusal);
      return;
    }
    const listed = action as ListedAction;
    if (!mayAnswerAsListed(user, resource.listed))
      throw forbidden(LISTED_ACTIONS[listed](resource.listed.name));
  }

  /**
   * The record's rule (packages/shared/src/documentControl.ts), once the folders a file change touches are
   * known: with the role requireAccess returned, refuses (403) a change the role makes elsewhere but not in
   * Published or Archived folders.
   */
  requireFileChange(
    role: ProjectRole,
    change: FileChange,
    states: ReadonlyArray<CdeState | null | undefined>,
  ): void {
    const refusal = fileChangeRefusal(role, change, states);
    if (refusal) throw forbidden(refusal);
  }

  /** A person's role in a project, or undefined when they are not a member. */
  memberRole(user: Pick<CurrentUser, 'id'>, projectId: string): Promise<ProjectRole | undefined> {
    return this.repo.membershipRole(projectId, user.id);
  }

  /** Administrators see every project in the lists that cover projects (hub, DSEAR); others their own. */
  seesEveryProject(user: CurrentUser): boolean {
    return isAdministrator(user);
  }

  /** The projects the user belongs to, by name, with their role in each. */
  memberProjects(user: Pick<CurrentUser, 'id'>): Promise<MemberProject[]> {
    return this.repo.projectsOfMember(user.id);
  }

  /** The projects the user sees: every one for an administrator (their role where they are a member). */
  visibleProjects(user: CurrentUser): Promise<ProjectWithRole[]> {
    return this.seesEveryProject(user) ? this.repo.everyProject(user.id) : this.memberProjects(user);
  }

  /** The ids of the projects the user sees, null meaning all of them (an administrator). */
  async visibleProjectIds(user: CurrentUser): Promise<string[] | null> {
    if (this.seesEveryProject(user)) return null;
    return (await this.memberProjects(user)).map((project) => project.id);
  }

  /**
   * The ids of the projects the user sees, from the ids of their projects as a service's query read them
   * beside its data (no query): null meaning all of them (an administrator).
   */
  visibleProjectIdsOf(user: CurrentUser, memberProjectIds: readonly string[]): readonly string[] | null {
    return this.seesEveryProject(user) ? null : memberProjectIds;
  }

  /** Whether the user's role in one of their projects allows the action (no query: the role is known). */
  allowsInProject(project: Pick<ProjectWithRole, 'member_role'>, action: ProjectAction): boolean {
    return mayInProject(project.member_role, action);
  }

  /** Whether a global role lets the user do it, for a service that shows more rather than refuses. */
  allowsGlobally(user: CurrentUser, action: GlobalAction): boolean {
    return mayGlobally(user, action);
  }
}
