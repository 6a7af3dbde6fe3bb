import { S3ObjectStorage } from '#server/storage/s3-storage.ts';
import type { FakeS3 } from '#tests/fakes/s3-server.ts';

/** The app's S3 driver pointed at the tests' local S3-compatible server: to look at what the app stored. */
export function s3StorageOf(s3: FakeS3): S3ObjectStorage {
  return new S3ObjectStorage({
    bucket: s3.bucket,
    region: 'us-east-1',
    endpoint: s3.endpoint,
    credentials: { accessKeyId: s3.accessKeyId, secretAccessKey: s3.secretAccessKey },
    forcePathStyle: true,
  });
}

/** The object key a presigned upload URL writes to (path-style: /bucket/<three segments>). */
export const keyOfUploadUrl = (uploadURL: string) => new URL(uploadURL).pathname.split('/').slice(-3).join('/');
