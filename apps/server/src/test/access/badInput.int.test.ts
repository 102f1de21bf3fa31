import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestPenstock, type TestPenstock, rowCounts } from '../harness.ts';
import { buildAccessFixture, type AccessFixture } from './accessFixture.ts';
import { requestFor } from './accessRequests.ts';

const hostileText = fc.oneof(
  fc.constantFrom(
    '../../../../etc/passwd',
    '..\\..\\windows\\win.ini',
    '<script>alert(1)</script>',
    '"><img src=x onerror=alert(1)>',
    "'; DROP TABLE users; --",
    '\u0000',
    '\ud800',
    'b.00000000-0000-4000-8000-000000000000',
    'f.11111111-1111-4111-8111-111111111111',
    'v.22222222-2222-4222-8222-222222222222',
    'i.33333333-3333-4333-8333-333333333333',
    'x'.repeat(100_000),
  ),
  fc.string({ maxLength: 40 }),
);

/** Deep or huge JSON, wrong types in every field the spec's calls use, script and traversal in text. */
const hostileBody = fc.oneof(
  fc.anything({ maxDepth: 3 }),
  fc.record(
    {
      projectId: hostileText,
      projectid: hostileText,
      projectName: hostileText,
      documentId: hostileText,
      itemId: hostileText,
      name: hostileText,
      email: hostileText,
      formData: fc.oneof(hostileText, fc.json()),
      Data: fc.oneof(hostileText, fc.json()),
      title: hostileText,
    },
    { requiredKeys: [] },
  ),
  fc.constant(JSON.parse(`${'{"a":'.repeat(500)}1${'}'.repeat(500)}`)),
  fc.array(fc.integer(), { maxLength: 2000 }),
);

describe('bad input never breaks the server nor writes anything (issue 16, item 3)', () => {
  let penstock: TestPenstock;
  let fixture: AccessFixture;
  beforeAll(async () => {
    penstock = await createTestPenstock('sqlite');
    fixture = await buildAccessFixture(penstock);
  }, 120_000);
  afterAll(() => penstock.destroy());

  it('answers every route, given hostile parameters and bodies by a signed-in member, with a clear 4xx', async () => {
    const routes = penstock.routes.filter((route) => route.url !== '/api/user/logoff');
    const failures: string[] = [];
    const statuses = new Map<number, number>();
    for (const route of routes) {
      const base = requestFor(route, fixture);
      await fc
        .assert(
          fc.asyncProperty(hostileText, hostileBody, fc.boolean(), async (param, body, rawText) => {
            // a route parameter replaced by hostile text (the path stays one segment per parameter)
            const url = route.url.includes(':')
              ? route.url
                  .replace(/:\w+/, encodeURIComponent(param).slice(0, 2000) || 'x')
                  .replace(/:\w+/g, 'x')
              : base.url;
            const before = route.method === 'GET' ? null : await rowCounts(penstock.database.db);
            const response = await penstock.app.inject({
              method: route.method as 'POST',
              url,
              headers: {
                cookie: fixture.member.cookie,
                ...(rawText ? { 'content-type': 'application/json' } : {}),
              },
              ...(route.method === 'GET'
                ? {}
                : {
                    payload: rawText ? `${JSON.stringify(body) ?? ''}`.slice(0, -1) || '{' : (body as object),
                  }),
            });
            statuses.set(response.statusCode, (statuses.get(response.statusCode) ?? 0) + 1);
            if (response.statusCode >= 500) {
              failures.push(
                `${route.method} ${route.url}: ${response.statusCode} ${response.body.slice(0, 200)}`,
              );
              return false;
            }
            if (response.statusCode >= 400 && url.startsWith('/api/')) {
              const error = (response.json() as { error?: unknown }).error;
              if (typeof error !== 'string' || error === '') {
                failures.push(
                  `${route.method} ${route.url}: ${response.statusCode} without an error message`,
                );
                return false;
              }
            }
            if (before && response.statusCode >= 400) {
              const after = await rowCounts(penstock.database.db);
              const changed = Object.keys(after).filter((t) => after[t] !== before[t] && t !== 'audit_log');
              if (changed.length) {
                failures.push(
                  `${route.method} ${route.url}: refused with ${response.statusCode} but wrote ${changed.join(', ')}`,
                );
                return false;
              }
            }
            return true;
          }),
          { numRuns: 6, seed: 1124, endOnFailure: true },
        )
        .catch(() => undefined);
    }
    expect(failures).toEqual([]);
    // every route was tried, most of them refused the input
    const sent = [...statuses.values()].reduce((a, b) => a + b, 0);
    expect(sent).toBeGreaterThanOrEqual(routes.length * 6);
    const refusedInput = [...statuses].filter(([status]) => status >= 400).reduce((a, [, n]) => a + n, 0);
    expect(refusedInput / sent).toBeGreaterThan(0.5);
    console.log('bad input: answers by status', Object.fromEntries(statuses));
  }, 300_000);
});
