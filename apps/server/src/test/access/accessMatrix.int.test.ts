import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestPenstock, testDatabases, type TestPenstock } from '../harness.ts';
import {
  COLUMNS,
  buildAccessFixture,
  isSessionless,
  type AccessFixture,
  type Column,
} from './accessFixture.ts';
import { ACCESS, LEAKS, expected, ruleOf } from './expectedAccess.ts';
import { CONCURRENT, LAST, RECORD_ROWS, REQUESTS, requestFor, runOrder } from './accessRequests.ts';
import { counts, matrixMarkdown, wrongCells, writeSecurityDoc, type MatrixRow } from './accessReport.ts';

/**
 * The access matrix (issue 16, item 2): every route the server registers (read from its route table, so a
 * new endpoint cannot be forgotten) called with a valid request by each person of the matrix: no session, a
 * signed-in outsider, the project's viewer, member and manager, the global roles (not members of the
 * project) and the listed reviewer and approver of a workflow. Each cell is checked against expectedAccess.ts:
 * an allowed call must succeed (which proves the request is valid), a refused one must be 401 (no session)
 * or 403/404, never 2xx nor 400. The table is written to docs/security.md (from the SQLite run).
 */
for (const kind of await testDatabases()) {
  describe(`the access matrix: every route, every person (${kind})`, () => {
    let penstock: TestPenstock;
    let fixture: AccessFixture;

    beforeAll(async () => {
      penstock = await createTestPenstock(kind);
      fixture = await buildAccessFixture(penstock);
    }, 120_000);
    afterAll(async () => {
      await penstock?.jobs.idle();
      await penstock?.destroy();
    });

    it('allows each call to exactly the people its rule names, and refuses everyone else', async () => {
      const routes = runOrder([...penstock.routes, ...RECORD_ROWS]);
      // what no answer may ever hold: password hashes, anyone's session token, the server's own paths
      const secrets = [
        '$argon2',
        'password_hash',
        'passwordHash',
        penstock.dataDir,
        ...Object.values(fixture.people).map((person) => person.cookie.slice(person.cookie.indexOf('=') + 1)),
      ];
      const routeLeak = (
        route: { method: string; url: string },
        column: Column,
        status: number,
        body: string,
      ) => {
        const check = LEAKS[`${route.method} ${route.url}`];
        if (!check || status < 200 || status >= 300) return undefined;
        const leak = check(JSON.parse(body), column, fixture);
        return leak ? `leak: ${leak}` : undefined;
      };
      const rows: MatrixRow[] = [];
      const background: Promise<unknown>[] = [];
      for (const route of routes) {
        const rule = ruleOf(route.method, route.url);
        const cells = {} as MatrixRow['cells'];
        const call = async (column: Column) => {
          const request = requestFor(route, fixture, column);
          const cookie = isSessionless(column) ? undefined : fixture.people[column].cookie;
          const response = await penstock.app.inject({
            ...request,
            headers: { ...request.headers, ...(cookie ? { cookie } : {}) },
          } as never);
          const status = response.statusCode;
          const leak =
            secretIn(response.rawPayload, secrets) ?? routeLeak(route, column, status, response.body);
          const ok =
            !!rule && !!REQUESTS[`${route.method} ${route.url}`] && expected(rule, column, status) && !leak;
          cells[column] = { status, ok, ...(ok ? {} : { error: leak ?? errorOf(response.body) }) };
        };
        rows.push({ ...route, rule, cells });
        const key = `${route.method} ${route.url}`;
        // a call that touches no stored data runs beside the others (it only takes time)
        if (CONCURRENT.has(key)) background.push(Promise.all(COLUMNS.map(call)));
        else {
          if (LAST.has(key)) await Promise.all(background);
          for (const column of COLUMNS) await call(column);
        }
      }
      await Promise.all(background);
      if (kind === 'sqlite') writeSecurityDoc(matrixMarkdown(rows, 'SQLite'));

      // a rule for a route the server no longer has is stale
      const registered = new Set(routes.map((route) => `${route.method} ${route.url}`));
      expect(Object.keys(ACCESS).filter((route) => !registered.has(route))).toEqual([]);
      expect(Object.keys(REQUESTS).filter((route) => !registered.has(route))).toEqual([]);
      // the matrix saw the whole server, and every cell is what its rule says
      expect(rows.length).toBeGreaterThan(100);
      const n = counts(rows);
      console.log(
        `access matrix (${kind}): ${n.routes} routes × ${COLUMNS.length} = ${n.cells} cells, ${n.proven} as expected, ${n.wrong} wrong`,
      );
      expect(wrongCells(rows)).toEqual([]);
    }, 300_000);
  });
}

/** The first secret an answer holds, as a leak to report. */
function secretIn(payload: Buffer, secrets: readonly string[]): string | undefined {
  const text = payload.toString('latin1');
  const found = secrets.find((secret) => secret && text.includes(secret));
  return found ? `leak: the answer holds '${found.slice(0, 12)}…'` : undefined;
}

/** The error message of a refusal, to say why a cell is wrong. */
function errorOf(body: string): string | undefined {
  try {
    const error = (JSON.parse(body) as { error?: unknown }).error;
    return typeof error === 'string' ? error.slice(0, 160) : undefined;
  } catch {
    return undefined;
  }
}
