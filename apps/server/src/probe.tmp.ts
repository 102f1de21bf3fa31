import { createTestPenstock } from './test/harness.ts';
import { buildAccessFixture, requestFor } from './security/accessFixture.ts';
const p = await createTestPenstock('sqlite');
const f = await buildAccessFixture(p);
for (const route of [...p.routes].sort((a, b) => a.url.localeCompare(b.url) || a.method.localeCompare(b.method))) {
  const r = requestFor(route, f);
  const out: string[] = [];
  for (const cookie of [undefined, f.outsider.cookie]) {
    const res = await p.app.inject({ method: r.method as 'GET', url: r.url, ...(r.payload ? { payload: r.payload } : {}), headers: cookie ? { cookie } : {} });
    out.push(String(res.statusCode) + (res.statusCode < 300 ? '!' : ''));
  }
  console.log(route.method.padEnd(6), route.url.padEnd(55), out.join('  '));
}
await p.destroy();
