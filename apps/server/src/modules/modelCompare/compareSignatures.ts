import { describeChildEnd, forkWorkChild } from '../../workers/childProcess.ts';
import type { GeometrySignature } from './modelDiff.ts';
import type { SignatureColumns } from './geometrySignatures.ts';

export interface SignatureInput {
  basePath: string;
  headPath: string;
}

export type SignatureMessage =
  { type: 'done'; base: SignatureColumns; head: SignatureColumns } | { type: 'failed'; error: string };

const CHILD = new URL('./compare.child.ts', import.meta.url);
/** The compare process's heap: two 100k-object .frag files inflate to a few hundred MB. */
const HEAP_MB = 2048;

/**
 * The geometry signatures of two converted models, read in a child process (compare.child.ts) that ends
 * with the job; it is killed after `timeoutMs`.
 */
export function readSignaturePair(
  input: SignatureInput,
  timeoutMs: number,
): Promise<{ base: SignatureColumns; head: SignatureColumns }> {
  const work = forkWorkChild(CHILD, { heapMb: HEAP_MB, typescript: true });
  return new Promise((resolve, reject) => {
    let settled = false;
    const finish = (error: Error | null, value?: { base: SignatureColumns; head: SignatureColumns }) => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      work.child.removeAllListeners('message');
      work.kill();
      if (error) reject(error);
      else resolve(value!);
    };
    const timer = setTimeout(
      () => finish(new Error('Reading the models’ geometry took too long')),
      timeoutMs,
    );
    work.child.on('message', (message: SignatureMessage) => {
      if (message.type === 'done') finish(null, { base: message.base, head: message.head });
      else finish(new Error(`The models’ geometry could not be read: ${message.error}`));
    });
    work.child.once('exit', (code, signal) =>
      setImmediate(() => {
        const end = describeChildEnd(code, signal, work.stderrTail());
        finish(
          new Error(
            end.kind === 'memory'
              ? 'Reading the models’ geometry needed more memory than a compare may use'
              : `The compare process ended (${end.how}${end.detail ? `: ${end.detail}` : ''})`,
          ),
        );
      }),
    );
    work.child.send(input);
  });
}

/** The signatures by localId, as the diff reads them. */
export function signatureMap(columns: SignatureColumns): Map<number, GeometrySignature> {
  const map = new Map<number, GeometrySignature>();
  const { localIds, positions: p, directions: d, shapes } = columns;
  for (let i = 0; i < localIds.length; i++) {
    const id = localIds[i]!;
    if (id === 0xffffffff) continue;
    const signature: GeometrySignature = {
      position: [p[i * 3]!, p[i * 3 + 1]!, p[i * 3 + 2]!],
      xDirection: [d[i * 6]!, d[i * 6 + 1]!, d[i * 6 + 2]!],
      yDirection: [d[i * 6 + 3]!, d[i * 6 + 4]!, d[i * 6 + 5]!],
      shape: shapes[i]!,
    };
    const known = map.get(id);
    // an object drawn as several items: its shape is all of theirs, it stands where its first one stands
    map.set(id, known ? { ...known, shape: (known.shape * 31 + signature.shape) % 2 ** 52 } : signature);
  }
  return map;
}
