import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestPenstock, type TestPenstock, rowCounts } from '../harness.ts';

/**
 * Every call that takes a body has a limit sized to what it needs (issue 16, item 3), read from the
 * server's own route table: a body one kilobyte over it is refused with 413 and a message before a byte is
 * parsed or anything written, whoever sends it. The limits are written to docs/security.md.
 */
const size = (bytes: number) =>
  bytes >= 1024 * 1024 ? `${Math.round(bytes / 1024 / 1024)} MB` : `${Math.round(bytes / 1024)} KB`;

describe('body limits of every call (issue 16, item 3)', () => {
  let penstock: TestPenstock;
  let admin: string;
  beforeAll(async () => {
    penstock = await createTestPenstock('sqlite');
    const { email, id } = await penstock.createUser({ roles: ['administrator'] });
    admin = await penstock.signIn(email);
    await penstock.createProject('Limits works', [{ userId: id, role: 'manager' }]);
  });
  afterAll(() => penstock.destroy());

  it('refuses a body over the route limit with 413 and writes nothing', async () => {
    const writes = penstock.routes.filter((route) =>
      ['POST', 'PUT', 'PATCH', 'DELETE'].includes(route.method),
    );
    expect(writes.length).toBeGreaterThan(30);
    const before = await rowCounts(penstock.database.db);
    const rows: string[] = [];
    for (const route of writes) {
      // one kilobyte over, as JSON text (a string value, so the parser would read it all if let)
      const payload = `{"x":"${'a'.repeat(route.bodyLimit + 1024)}"}`;
      const response = await penstock.app.inject({
        method: route.method as 'POST',
        url: route.url.replace(/:(\w+)/g, 'x'),
        payload,
        headers: { cookie: admin, 'content-type': 'application/json' },
      });
      expect(response.statusCode, `${route.method} ${route.url}`).toBe(413);
      expect(response.json().error, `${route.method} ${route.url}`).toBeTruthy();
      rows.push(`| ${route.method} | \`${route.url}\` | ${size(route.bodyLimit)} |`);
    }
    expect(await rowCounts(penstock.database.db)).toEqual(before);
    writeLimitsDoc(rows.sort());
  }, 120_000);
});

function writeLimitsDoc(rows: string[]): void {
  const file = path.resolve(import.meta.dirname, '../../../../../docs/security.md');
  const start = '<!-- body-limits:start -->';
  const end = '<!-- body-limits:end -->';
  const table = [start, '| method | route | largest JSON or form body |', '|---|---|---|', ...rows, end].join(
    '\n',
  );
  const doc = fs.readFileSync(file, 'utf8');
  const from = doc.indexOf(start);
  const to = doc.indexOf(end);
  if (from < 0 || to < 0) return;
  fs.writeFileSync(file, `${doc.slice(0, from)}${table}${doc.slice(to + end.length)}`);
}
