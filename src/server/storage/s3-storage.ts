import { createWriteStream } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { DeleteObjectCommand, GetObjectCommand, HeadObjectCommand, paginateListObjectsV2, PutObjectCommand, S3Client, S3ServiceException } from '@aws-sdk/client-s3';
import { getSignedUrl } from '@aws-sdk/s3-request-presigner';
import { isObjectKey, newObjectKey, type ObjectStorage } from './object-storage.ts';

export interface S3StorageOptions {
  bucket: string;
  region: string;
  endpoint?: string;
  credentials?: { accessKeyId: string; secretAccessKey: string };
  forcePathStyle: boolean;
}

/**
 * Objects in an S3 bucket (AWS or any S3-compatible server). Browsers upload straight to the
 * bucket with a presigned PUT URL. The SDK would add a CRC32 checksum to presigned URLs by
 * default, which the browser cannot send and many S3-compatible servers reject: checksums are
 * computed only when an operation requires them.
 */
export class S3ObjectStorage implements ObjectStorage {
  readonly driver = 's3' as const;
  readonly #client: S3Client;
  readonly #bucket: string;

  constructor(options: S3StorageOptions) {
    this.#bucket = options.bucket;
    this.#client = new S3Client({
      region: options.region,
      endpoint: options.endpoint,
      credentials: options.credentials,
      forcePathStyle: options.forcePathStyle,
      requestChecksumCalculation: 'WHEN_REQUIRED',
      responseChecksumValidation: 'WHEN_REQUIRED',
    });
  }

  async createUploadUrl(key: string, expiresInSeconds: number, bytes: number): Promise<string> {
    if (!isObjectKey(key)) throw new Error('Not an object key');
    // The declared size is signed as the Content-Length: the bucket refuses a body of any other size.
    return getSignedUrl(this.#client, new PutObjectCommand({ Bucket: this.#bucket, Key: key, ContentLength: bytes }), {
      expiresIn: expiresInSeconds,
      signableHeaders: new Set(['content-length']),
    });
  }

  /** The bucket's origin as presigned URLs name it (endpoint, path or virtual-hosted style, region): browsers PUT there. */
  async uploadOrigin(): Promise<string> {
    return new URL(await this.createUploadUrl(newObjectKey('probe', '00000000-0000-4000-8000-000000000000'), 60, 1)).origin;
  }

  keyFromUploadUrl(url: string): string | null {
    const pathname = URL.parse(url)?.pathname;
    if (!pathname) return null;
    // Virtual-hosted (https://bucket.host/key) or path-style (https://host/bucket/key): the key is the last three segments.
    const key = decodeURIComponent(pathname).split('/').slice(-3).join('/');
    return isObjectKey(key) ? key : null;
  }

  async size(key: string): Promise<number | null> {
    try {
      const head = await this.#client.send(new HeadObjectCommand({ Bucket: this.#bucket, Key: key }));
      return head.ContentLength ?? 0;
    } catch (error) {
      if (error instanceof S3ServiceException && (error.$metadata.httpStatusCode === 404 || error.name === 'NotFound')) return null;
      throw error;
    }
  }

  async openRead(key: string): Promise<Readable> {
    const object = await this.#client.send(new GetObjectCommand({ Bucket: this.#bucket, Key: key }));
    return object.Body as Readable;
  }

  async withLocalFile<T>(key: string, use: (path: string) => Promise<T>): Promise<T> {
    const dir = await mkdtemp(path.join(tmpdir(), 'object-'));
    try {
      const file = path.join(dir, 'object');
      await pipeline(Readable.from(await this.openRead(key)), createWriteStream(file));
      return await use(file);
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  }

  async write(key: string, body: Buffer, contentType: string): Promise<void> {
    if (!isObjectKey(key)) throw new Error('Not an object key');
    await this.#client.send(new PutObjectCommand({ Bucket: this.#bucket, Key: key, Body: body, ContentType: contentType }));
  }

  async delete(key: string): Promise<void> {
    await this.#client.send(new DeleteObjectCommand({ Bucket: this.#bucket, Key: key }));
  }

  async *list(): AsyncIterable<string> {
    for await (const page of paginateListObjectsV2({ client: this.#client }, { Bucket: this.#bucket })) {
      // A bucket shared with something else may hold other objects: only our keys are ours.
      for (const object of page.Contents ?? []) if (object.Key && isObjectKey(object.Key)) yield object.Key;
    }
  }
}
