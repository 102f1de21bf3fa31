import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { ESLint } from 'eslint';
import { describe, expect, it } from 'vitest';

/**
 * The repository's own lint rule (eslint.config.js) on sample services: a service refuses only through
 * AccessService and asks it every other permission question, never a role helper or a role name (issue 32).
 */
const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../../..');
const eslint = new ESLint({ cwd: repoRoot });

const problems = async (code: string, file = 'apps/server/src/modules/sample/sample.service.ts') => {
  const [result] = await eslint.lintText(code, { filePath: path.join(repoRoot, file) });
  return result!.messages.map((m) => ({ line: m.line, rule: m.ruleId }));
};

const sample = `import { canReviewFeedback, isAdministrator, mayInProject, type CurrentUser } from '@penstock/shared';
import { forbidden } from '../../http/errors.ts';

export class SampleService {
  check(user: CurrentUser, role: string): boolean {
    if (!isAdministrator(user)) throw forbidden('no');
    if (role === 'manager') return true;
    if ('viewer' !== role) return mayInProject('member', 'read');
    return user.roles.includes('administrator') || canReviewFeedback(user);
  }
}
`;

// the first call loads ESLint and the whole config: seconds on a busy machine
describe('the services lint rule (issue 32)', { timeout: 60_000 }, () => {
  it('fires on role helpers, forbidden() and role names in a *.service.ts', async () => {
    expect(await problems(sample)).toEqual([
      { line: 1, rule: 'no-restricted-imports' }, // canReviewFeedback
      { line: 1, rule: 'no-restricted-imports' }, // isAdministrator
      { line: 1, rule: 'no-restricted-imports' }, // mayInProject
      { line: 6, rule: 'no-restricted-syntax' }, // forbidden()
      { line: 7, rule: 'no-restricted-syntax' }, // role === 'manager'
      { line: 8, rule: 'no-restricted-syntax' }, // 'viewer' !== role
      { line: 9, rule: 'no-restricted-syntax' }, // roles.includes('administrator')
    ]);
  });

  it('names AccessService in what it says', async () => {
    const [result] = await eslint.lintText(sample, {
      filePath: path.join(repoRoot, 'apps/server/src/modules/sample/sample.service.ts'),
    });
    const imported = result!.messages.find((m) => m.ruleId === 'no-restricted-imports');
    expect(imported?.message).toMatch(/Ask AccessService \(security\/access\.ts\)/);
  });

  it('lets a service ask AccessService, and leaves the helpers to the rest of the server', async () => {
    const asking = `import type { CurrentUser } from '@penstock/shared';
import type { AccessService } from '../../security/access.ts';

export class SampleService {
  constructor(private readonly access: AccessService) {}
  async check(user: CurrentUser, projectId: string): Promise<boolean> {
    await this.access.requireAccess(user, { project: projectId }, 'read');
    return this.access.seesEveryProject(user) || this.access.allowsGlobally(user, 'reviewFeedback');
  }
}
`;
    expect(await problems(asking)).toEqual([]);
    // AccessService itself is where the helpers are asked
    expect(await problems(sample, 'apps/server/src/security/sample.ts')).toEqual([]);
  });
});
