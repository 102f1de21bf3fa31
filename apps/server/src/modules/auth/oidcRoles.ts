import { GLOBAL_ROLES } from '@penstock/shared';
import type { OidcSettings } from '../../env.ts';

/**
 * A claim's values: a string, or the strings of an array. The name is looked up as it is first (providers
 * use names such as 'https://example.com/groups'), then as a dotted path ('realm_access.roles', Keycloak).
 */
export function claimValues(claims: Record<string, unknown>, name: string): string[] {
  let value: unknown = claims[name];
  if (value === undefined && name.includes('.')) {
    value = name
      .split('.')
      .reduce<unknown>(
        (at, key) => (at && typeof at === 'object' ? (at as Record<string, unknown>)[key] : undefined),
        claims,
      );
  }
  if (typeof value === 'string') return [value];
  if (Array.isArray(value)) return value.filter((item): item is string => typeof item === 'string');
  return [];
}

/**
 * The global roles after a sign-in: the roles the mapping names are governed by the provider (given when a
 * claim value maps to them, taken away otherwise, also when the claim is absent: a provider that stops
 * saying someone is an administrator has taken that away); every other role stays as an administrator set it.
 */
export function mappedRoles(
  current: readonly string[],
  values: readonly string[],
  map: OidcSettings['roleMap'],
): string[] {
  const governed = new Set(map.map((entry) => entry.role));
  const granted = map.filter((entry) => values.includes(entry.value)).map((entry) => entry.role);
  return [...new Set([...current.filter((role) => !governed.has(role)), ...granted])];
}

/** The configuration's mistakes, said before the server starts (an unknown role, a pair without a value). */
export function roleMapProblems(settings: Pick<OidcSettings, 'roleClaim' | 'roleMap'>): string[] {
  const problems: string[] = [];
  for (const { value, role } of settings.roleMap) {
    if (!value) problems.push(`PENSTOCK_OIDC_ROLE_MAP: '${value}:${role}' has no claim value before ':'`);
    if (!(GLOBAL_ROLES as readonly string[]).includes(role))
      problems.push(
        `PENSTOCK_OIDC_ROLE_MAP: '${role}' is not a global role (one of ${GLOBAL_ROLES.join(', ')})`,
      );
  }
  if (settings.roleMap.length && !settings.roleClaim)
    problems.push('PENSTOCK_OIDC_ROLE_MAP needs PENSTOCK_OIDC_ROLE_CLAIM (the claim to read, e.g. groups)');
  return problems;
}

/** The same roles, whatever their order. */
export const sameRoles = (a: readonly string[], b: readonly string[]) =>
  a.length === b.length && a.every((role) => b.includes(role));
