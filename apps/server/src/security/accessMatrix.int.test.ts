import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestPenstock, type TestPenstock } from '../test/harness.ts';
import { buildAccessFixture, requestFor, type AccessFixture } from './accessFixture.ts';
import { policyOf, type Policy } from './accessPolicy.ts';

/**
 * The access matrix (issue 16): every route the server registers (read from its route table, so a new
 * endpoint cannot be forgotten) tried with no session and as a signed-in user outside the project, each
 * cell checked against the route's policy. The table is written to docs/security.md.
 */
interface Cell {
  status: number;
  ok: boolean;
}
interface Row {
  method: string;
  url: string;
  policy: Policy | undefined;
  anonymous: Cell;
  outsider: Cell;
  /** the same request by a member of the project: shown, and where it succeeds the outsider's refusal must be about access */
  member: number;
}

const refused = (status: number) => status === 401 || status === 403 || status === 404;

function judge(policy: Policy | undefined, who: 'anonymous' | 'outsider', status: number): boolean {
  if (!policy) return false;
  if (policy === 'public') return status !== 401 && status !== 403 && status < 500;
  if (who === 'anonymous') return status === 401;
  // a signed-in user: accepted as signed in on user routes, never given a restricted route's data or action
  if (policy === 'user') return status !== 401 && status < 500;
  return status < 200 || status >= 300 ? status < 500 : false;
}

describe('the access matrix: every route, no session and a signed-in outsider', () => {
  let penstock: TestPenstock;
  let fixture: AccessFixture;
  const rows: Row[] = [];

  beforeAll(async () => {
    penstock = await createTestPenstock('sqlite');
    fixture = await buildAccessFixture(penstock);
  }, 120_000);
  afterAll(() => penstock.destroy());

  it('refuses what each route does not allow, and leaks nothing to the outsider', async () => {
    // sign-out last: it ends the outsider's session
    const routes = [...penstock.routes].sort(
      (a, b) =>
        Number(a.url === '/api/user/logoff') - Number(b.url === '/api/user/logoff') ||
        a.url.localeCompare(b.url) ||
        a.method.localeCompare(b.method),
    );
    for (const route of routes) {
      const request = requestFor(route, fixture);
      const call = (cookie?: string) =>
        penstock.app.inject({
          method: request.method as 'GET',
          url: request.url,
          ...(request.payload ? { payload: request.payload } : {}),
          headers: { ...('headers' in request ? request.headers : {}), ...(cookie ? { cookie } : {}) },
        });
      const policy = policyOf(route.method, route.url);
      const anonymous = (await call()).statusCode;
      const outsider = (await call(fixture.outsider.cookie)).statusCode;
      const member = (await call(fixture.member.cookie)).statusCode;
      // where the member's request succeeds, the outsider's same request must be refused for access (not input)
      const accessRefusal = policy !== 'restricted' || member >= 300 || refused(outsider);
      rows.push({
        ...route,
        policy,
        anonymous: { status: anonymous, ok: judge(policy, 'anonymous', anonymous) },
        outsider: { status: outsider, ok: judge(policy, 'outsider', outsider) && accessRefusal },
        member,
      });
    }
    writeSecurityDoc(rows);
    const wrong = rows
      .filter((row) => !row.anonymous.ok || !row.outsider.ok)
      .map(
        (row) =>
          `${row.method} ${row.url} (${row.policy ?? 'no policy'}): ${row.anonymous.status} / ${row.outsider.status}`,
      );
    expect(wrong).toEqual([]);
    // the matrix saw the whole server
    expect(rows.length).toBeGreaterThan(100);
    expect(
      rows.filter((row) => row.policy === 'restricted' && refused(row.outsider.status)).length,
    ).toBeGreaterThanOrEqual(35);
  }, 120_000);
});

function writeSecurityDoc(rows: readonly Row[]): void {
  const mark = (cell: Cell) => `${cell.status}${cell.ok ? '' : ' **wrong**'}`;
  const table = [
    '| route | policy | no session | signed-in outsider | member of the project (shown) |',
    '|---|---|---|---|---|',
    ...rows.map(
      (row) =>
        `| \`${row.method} ${row.url}\` | ${row.policy ?? '**none**'} | ${mark(row.anonymous)} | ${mark(row.outsider)} | ${row.member} |`,
    ),
  ].join('\n');
  const file = path.resolve(import.meta.dirname, '../../../../docs/security.md');
  const text = fs.readFileSync(file, 'utf8');
  const start = text.indexOf('<!-- matrix:start -->');
  const end = text.indexOf('<!-- matrix:end -->');
  if (start < 0 || end < 0) throw new Error('docs/security.md has no matrix markers');
  const next = `${text.slice(0, start)}<!-- matrix:start -->\n${table}\n${text.slice(end)}`;
  if (next !== text) fs.writeFileSync(file, next);
}
