import path from 'node:path';
import type { S3Settings } from '../env.ts';
import { LocalBlobStore, type BlobStore } from './blobStore.ts';
import { S3BlobStore } from './s3BlobStore.ts';

/**
 * The installation's blob store: the S3-compatible bucket when PENSTOCK_S3_BUCKET is set (checked to answer,
 * so a wrong setting stops the start with its reason), else the data folder's blobs/. Uploads are staged in
 * the data folder's staging/ either way.
 */
export async function openBlobStore(env: {
  dataDir: string;
  s3: S3Settings | undefined;
}): Promise<BlobStore> {
  if (!env.s3) return new LocalBlobStore(env.dataDir);
  const store = new S3BlobStore(env.s3, path.join(env.dataDir, 'staging'));
  try {
    await store.check();
  } catch (error) {
    store.close();
    throw error;
  }
  return store;
}
