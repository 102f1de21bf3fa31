import { loadEnv } from './env.ts';
import { buildPenstock } from './app.ts';
import { seedDemoIfEmpty, DEMO_USERS, DEMO_PASSWORD } from './seed/demo.ts';

const env = loadEnv();
const penstock = await buildPenstock(env);
if (env.seedDemo) await seedDemoIfEmpty(penstock, env);
const address = await penstock.app.listen({ port: env.port, host: env.host });
const url = `http://localhost:${new URL(address).port}`;

const demoPresent = env.seedDemo && !!(await penstock.users.findByEmail(DEMO_USERS[0]!.email));
const demo = demoPresent
  ? `\n  Demo sign-in (password for all: ${DEMO_PASSWORD}):\n${DEMO_USERS.map((u) => `    ${u.email.padEnd(32)} ${u.title}`).join('\n')}\n`
  : '';
console.log(`
  Penstock is running: open ${url}
  Data: ${penstock.database.description}, files in ${env.dataDir}
${demo}`);

for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.once(signal, () => {
    void penstock.close().then(() => process.exit(0));
  });
}
