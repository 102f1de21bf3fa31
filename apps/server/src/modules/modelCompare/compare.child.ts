/**
 * Runs in a child process of the server (compareSignatures.ts forks it): reads the geometry signatures of two
 * .frag files with That Open Fragments' schema (geometrySignatures.ts), so the server's thread never loads
 * the library nor walks a large model's tables; a crash here fails the compare, never the server.
 */
import fs from 'node:fs';
import { geometrySignatures } from './geometrySignatures.ts';
import type { SignatureInput, SignatureMessage } from './compareSignatures.ts';

const post = (message: SignatureMessage) => process.send!(message);

async function run(input: SignatureInput): Promise<void> {
  const base = await geometrySignatures(new Uint8Array(await fs.promises.readFile(input.basePath)));
  const head = await geometrySignatures(new Uint8Array(await fs.promises.readFile(input.headPath)));
  post({ type: 'done', base, head });
}

process.on('disconnect', () => process.exit(0));
process.once('message', (input: SignatureInput) => {
  run(input).catch((error: unknown) =>
    post({ type: 'failed', error: error instanceof Error ? error.message : String(error) }),
  );
});
