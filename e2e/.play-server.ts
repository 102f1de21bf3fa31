import fs from 'node:fs';
import { startPenstock } from './support/server.ts';
const server = await startPenstock();
fs.writeFileSync('/tmp/pidplay/url', server.url);
console.log(server.url);
process.on('SIGTERM', () => void server.stop().then(() => process.exit(0)));
setInterval(() => {}, 1 << 30);
