import { describe, expect, it } from 'vitest';
import { claimValues, mappedRoles, roleMapProblems, sameRoles } from './oidcRoles.ts';

const MAP = [
  { value: 'penstock-admins', role: 'administrator' },
  { value: 'dsear-sdm', role: 'senior_design_manager' },
];

describe('single sign-on: claim to global-role mapping', () => {
  it('reads a claim as a string, an array, a literal dotted name or a dotted path', () => {
    expect(claimValues({ groups: ['a', 'b', 3] }, 'groups')).toEqual(['a', 'b']);
    expect(claimValues({ role: 'a' }, 'role')).toEqual(['a']);
    expect(claimValues({ 'https://x.example/groups': ['g'] }, 'https://x.example/groups')).toEqual(['g']);
    expect(claimValues({ realm_access: { roles: ['r1', 'r2'] } }, 'realm_access.roles')).toEqual([
      'r1',
      'r2',
    ]);
    expect(claimValues({}, 'groups')).toEqual([]);
    expect(claimValues({ groups: { nested: true } }, 'groups')).toEqual([]);
  });

  it('gives the mapped roles and keeps the roles the mapping does not govern', () => {
    expect(mappedRoles(['practitioner'], ['penstock-admins', 'other'], MAP)).toEqual([
      'practitioner',
      'administrator',
    ]);
  });

  it('takes away a governed role the claim no longer gives, also when the claim is absent', () => {
    expect(mappedRoles(['administrator', 'practitioner'], ['dsear-sdm'], MAP)).toEqual([
      'practitioner',
      'senior_design_manager',
    ]);
    expect(mappedRoles(['administrator', 'feedback_reviewer'], [], MAP)).toEqual(['feedback_reviewer']);
  });

  it('says what is wrong with a mapping before the server starts', () => {
    expect(roleMapProblems({ roleClaim: 'groups', roleMap: MAP })).toEqual([]);
    expect(roleMapProblems({ roleClaim: 'groups', roleMap: [{ value: 'g', role: 'admin' }] })[0]).toMatch(
      /'admin' is not a global role/,
    );
    expect(roleMapProblems({ roleClaim: undefined, roleMap: MAP })).toEqual([
      'PENSTOCK_OIDC_ROLE_MAP needs PENSTOCK_OIDC_ROLE_CLAIM (the claim to read, e.g. groups)',
    ]);
    expect(
      roleMapProblems({ roleClaim: 'groups', roleMap: [{ value: '', role: 'administrator' }] }),
    ).toHaveLength(1);
  });

  it('compares role lists whatever their order', () => {
    expect(sameRoles(['a', 'b'], ['b', 'a'])).toBe(true);
    expect(sameRoles(['a'], ['a', 'b'])).toBe(false);
  });
});
