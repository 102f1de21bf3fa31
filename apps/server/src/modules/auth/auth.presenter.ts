import { GLOBAL_ROLES, type AdminUser, type CurrentUser, type GlobalRole } from '@penstock/shared';
import type { UserRow } from './users.repo.ts';

const knownRoles = (roles: readonly string[]): GlobalRole[] =>
  GLOBAL_ROLES.filter((role) => roles.includes(role));

export const presentCurrentUser = (
  row: Pick<UserRow, 'id' | 'name' | 'email' | 'picture' | 'roles'>,
): CurrentUser => ({
  id: row.id,
  name: row.name,
  email: row.email,
  picture: row.picture,
  roles: knownRoles(row.roles),
});

export const presentAdminUser = (row: UserRow): AdminUser => ({
  ...presentCurrentUser(row),
  disabled: row.disabled === 1,
});
