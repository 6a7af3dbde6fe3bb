/**
 * A local S3-compatible server for tests: @20minutes/s3rver (a maintained fork of s3rver) on a
 * free loopback port, storing objects in a temporary directory, with one bucket. It checks SigV4
 * signatures, presigned URLs and their expiry like S3 does, so the S3 driver is tested on the wire.
 */
import { mkdtemp, rm } from 'node:fs/promises';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import S3rver from '@20minutes/s3rver';

export interface FakeS3 {
  endpoint: string;
  bucket: string;
  accessKeyId: string;
  secretAccessKey: string;
  /** Environment variables that point the app's S3 driver here. */
  env: Record<string, string>;
  close(): Promise<void>;
}

export async function startFakeS3(bucket = 'corner-office-test'): Promise<FakeS3> {
  const directory = await mkdtemp(path.join(tmpdir(), 'fake-s3-'));
  const server = new S3rver({ address: '127.0.0.1', port: 0, silent: true, directory, configureBuckets: [{ name: bucket }] });
  // s3rver signs a bucket-level request's path as `/bucket`, where the AWS SDK (like S3) signs the
  // `/bucket/` it sends: every listing would fail its check. Those requests alone are let through
  // unchecked; objects' requests and presigned URLs keep their full signature check.
  const koa = server as unknown as { middleware: Array<(ctx: { path: string; app: object }, next: () => Promise<void>) => Promise<void>> };
  koa.middleware.unshift((ctx, next) => {
    if (/^\/[^/]+\/$/.test(ctx.path)) ctx.app = Object.create(ctx.app, { allowMismatchedSignatures: { value: true } }) as object;
    return next();
  });
  const address = (await server.run()) as AddressInfo;
  const endpoint = `http://127.0.0.1:${address.port}`;
  // s3rver's fixed credentials.
  const accessKeyId = 'S3RVER';
  const secretAccessKey = 'S3RVER';
  return {
    endpoint,
    bucket,
    accessKeyId,
    secretAccessKey,
    env: {
      STORAGE_DRIVER: 's3',
      S3_BUCKET: bucket,
      S3_REGION: 'us-east-1',
      S3_ENDPOINT: endpoint,
      S3_ACCESS_KEY_ID: accessKeyId,
      S3_SECRET_ACCESS_KEY: secretAccessKey,
      S3_FORCE_PATH_STYLE: 'true',
    },
    async close() {
      await server.close();
      await rm(directory, { recursive: true, force: true });
    },
  };
}
