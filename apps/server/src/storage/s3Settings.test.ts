import { describe, expect, it } from 'vitest';
import { loadEnv } from '../env.ts';

describe('loadEnv: object storage settings', () => {
  it('keeps files in the data folder without a bucket', () => {
    expect(loadEnv({ PENSTOCK_S3_ENDPOINT: 'http://minio:9000' }).s3).toBeUndefined();
  });

  it('reads a self-hosted store: path style by default where an endpoint is given', () => {
    expect(
      loadEnv({
        PENSTOCK_S3_BUCKET: 'penstock',
        PENSTOCK_S3_ENDPOINT: 'https://minio.internal:9000',
        PENSTOCK_S3_ACCESS_KEY_ID: 'penstock',
        PENSTOCK_S3_SECRET_ACCESS_KEY: 'secret',
      }).s3,
    ).toEqual({
      endpoint: 'https://minio.internal:9000',
      region: 'us-east-1',
      bucket: 'penstock',
      accessKeyId: 'penstock',
      secretAccessKey: 'secret',
      forcePathStyle: true,
    });
  });

  it('reads AWS S3: no endpoint, virtual-hosted style, the SDK own credentials; path style on request', () => {
    expect(loadEnv({ PENSTOCK_S3_BUCKET: 'files', PENSTOCK_S3_REGION: 'eu-west-2' }).s3).toEqual({
      endpoint: undefined,
      region: 'eu-west-2',
      bucket: 'files',
      accessKeyId: undefined,
      secretAccessKey: undefined,
      forcePathStyle: false,
    });
    expect(
      loadEnv({ PENSTOCK_S3_BUCKET: 'files', PENSTOCK_S3_FORCE_PATH_STYLE: '1' }).s3?.forcePathStyle,
    ).toBe(true);
    expect(
      loadEnv({
        PENSTOCK_S3_BUCKET: 'b',
        PENSTOCK_S3_ENDPOINT: 'http://x',
        PENSTOCK_S3_FORCE_PATH_STYLE: '0',
      }).s3?.forcePathStyle,
    ).toBe(false);
  });
});
