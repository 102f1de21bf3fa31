import type { GlobalRole, ProjectRole } from './roles.ts';

/** Pure permission rules: the server enforces them, the UI uses them to show or hide controls. */
export interface Actor {
  id: string;
  roles: readonly GlobalRole[];
}

export const isAdministrator = (actor: Actor | null | undefined): boolean =>
  !!actor && actor.roles.includes('administrator');

/** Anyone who is a member sees a project; nobody else learns it exists. */
export const canViewProject = (membership: ProjectRole | null | undefined): boolean => !!membership;

/** Viewers read; members and managers add files and versions. */
export const canUploadToProject = (membership: ProjectRole | null | undefined): boolean =>
  membership === 'manager' || membership === 'member';
