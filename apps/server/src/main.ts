import { loadEnv } from './env.ts';
import { buildPenstock } from './app.ts';
import { seedDemoIfEmpty, DEMO_USERS } from './seed/demo.ts';
import { guardDemoPasswords, type DemoSignIn } from './seed/demoPasswords.ts';

const env = loadEnv();
const penstock = await buildPenstock(env);
if (env.seedDemo) await seedDemoIfEmpty(penstock, env);
// before listening: a server reachable from a network never has an account with the published password
const demoSignIn = await guardDemoPasswords(penstock.users, env.host);
const address = await penstock.app.listen({ port: env.port, host: env.host });
const url = `http://localhost:${new URL(address).port}`;

const demoUsers = DEMO_USERS.map((u) => `    ${u.email.padEnd(32)} ${u.title}`).join('\n');
function demoText(signIn: DemoSignIn): string {
  switch (signIn.kind) {
    case 'none':
      return '';
    case 'published':
      return `\n  Demo sign-in (password for all: ${signIn.password}):\n${demoUsers}\n`;
    case 'random':
      return (
        `\n  Penstock listens on ${env.host}, beyond this machine, so the demo users were given a new password,\n` +
        `  shown this once (an administrator can reset it): ${signIn.password}\n${demoUsers}\n`
      );
    case 'changed':
      return `\n  Demo users (their password is no longer the published one):\n${demoUsers}\n`;
  }
}
const demo = demoText(demoSignIn);
console.log(`
  Penstock is running: open ${url}
  Data: ${penstock.database.description}, files in ${penstock.blobs.description}
${demo}`);

for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.once(signal, () => {
    void penstock.close().then(() => process.exit(0));
  });
}
