import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import { createReadStream, createWriteStream } from 'node:fs';
import { link, mkdir, readdir, rename, rm, stat, unlink, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { Transform, type Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { isObjectKey, UploadRefused, type ObjectStorage } from './object-storage.ts';

/** Where the server answers its own upload URLs (local-upload.routes.ts). */
export const LOCAL_UPLOAD_PATH = '/api/storage/uploads/';

export interface LocalStorageOptions {
  dir: string;
  /** Signs upload URLs; unset: random for this process. */
  signingSecret?: string;
  /** Largest upload accepted, in bytes. */
  maxBytes: number;
}

/**
 * Files on this machine's disk, under `dir`, at the path their key names (keys are checked, so
 * nothing escapes `dir`). The upload URL points at this server itself: a path with an expiry and an
 * HMAC signature over method, key and expiry; the body streams to a temporary file and is linked
 * into place only when whole, and only if no file is there yet (a URL uploads once).
 */
export class LocalObjectStorage implements ObjectStorage {
  readonly driver = 'local' as const;
  readonly #dir: string;
  readonly #secret: Buffer;
  readonly #maxBytes: number;

  constructor(options: LocalStorageOptions) {
    this.#dir = path.resolve(options.dir);
    this.#secret = options.signingSecret ? Buffer.from(options.signingSecret) : randomBytes(32);
    this.#maxBytes = options.maxBytes;
  }

  #pathOf(key: string): string {
    if (!isObjectKey(key)) throw new Error('Not an object key');
    return path.join(this.#dir, ...key.split('/'));
  }

  #sign(key: string, expires: number, maxBytes: number): string {
    return createHmac('sha256', this.#secret).update(`PUT\n${key}\n${expires}\n${maxBytes}`).digest('base64url');
  }

  async createUploadUrl(key: string, expiresInSeconds: number, bytes: number): Promise<string> {
    if (!isObjectKey(key)) throw new Error('Not an object key');
    const expires = Math.floor(Date.now() / 1000) + expiresInSeconds;
    const max = Math.min(bytes, this.#maxBytes);
    return `${LOCAL_UPLOAD_PATH}${key}?expires=${expires}&max=${max}&signature=${this.#sign(key, expires, max)}`;
  }

  async uploadOrigin(): Promise<null> {
    return null;
  }

  keyFromUploadUrl(url: string): string | null {
    const pathname = URL.parse(url, 'http://local')?.pathname;
    if (!pathname?.startsWith(LOCAL_UPLOAD_PATH)) return null;
    const key = pathname.slice(LOCAL_UPLOAD_PATH.length);
    return isObjectKey(key) ? key : null;
  }

  /** Checks an upload URL's signature and expiry; throws UploadRefused when it is not good now. Answers the most bytes it may upload. */
  verifyUpload(key: string, query: { expires?: string; max?: string; signature?: string }, now = Date.now()): number {
    const { expires, max, signature } = query;
    if (!isObjectKey(key) || !expires || !max || !signature || !/^\d{1,12}$/.test(expires) || !/^\d{1,12}$/.test(max)) throw new UploadRefused(403, 'Invalid upload URL');
    const expected = Buffer.from(this.#sign(key, Number(expires), Number(max)));
    const given = Buffer.from(signature);
    if (expected.length !== given.length || !timingSafeEqual(expected, given)) throw new UploadRefused(403, 'Invalid upload URL');
    if (Number(expires) * 1000 < now) throw new UploadRefused(403, 'This upload URL has expired');
    return Math.min(Number(max), this.#maxBytes);
  }

  /** Streams an upload to disk (never whole in memory); refuses more than maxBytes (its URL's, at most the driver's) and a second upload to one key. */
  async receive(key: string, body: Readable, declaredLength: number | undefined, urlMaxBytes = this.#maxBytes): Promise<number> {
    const maxBytes = Math.min(urlMaxBytes, this.#maxBytes);
    if (declaredLength !== undefined && declaredLength > maxBytes) throw new UploadRefused(413, 'File too large');
    const finalPath = this.#pathOf(key);
    await mkdir(path.dirname(finalPath), { recursive: true });
    if (await this.size(key) !== null) throw new UploadRefused(409, 'This upload URL has already been used');
    const temporary = `${finalPath}.${randomBytes(6).toString('hex')}.part`;
    let received = 0;
    const counter = new Transform({
      transform(chunk: Buffer, _encoding, done) {
        received += chunk.length;
        if (received > maxBytes) done(new UploadRefused(413, 'File too large'));
        else done(null, chunk);
      },
    });
    try {
      await pipeline(body, counter, createWriteStream(temporary, { flags: 'wx' }));
      // link() fails when the final file exists: two uploads racing on one URL store one file.
      await link(temporary, finalPath).catch((error: NodeJS.ErrnoException) => {
        if (error.code === 'EEXIST') throw new UploadRefused(409, 'This upload URL has already been used');
        throw error;
      });
      return received;
    } finally {
      await unlink(temporary).catch(() => {});
    }
  }

  async size(key: string): Promise<number | null> {
    try {
      return (await stat(this.#pathOf(key))).size;
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === 'ENOENT') return null;
      throw error;
    }
  }

  async openRead(key: string): Promise<Readable> {
    const filePath = this.#pathOf(key);
    await stat(filePath);
    return createReadStream(filePath);
  }

  async withLocalFile<T>(key: string, use: (path: string) => Promise<T>): Promise<T> {
    return use(this.#pathOf(key));
  }

  async write(key: string, body: Buffer): Promise<void> {
    const finalPath = this.#pathOf(key);
    await mkdir(path.dirname(finalPath), { recursive: true });
    const temporary = `${finalPath}.${randomBytes(6).toString('hex')}.part`;
    await writeFile(temporary, body, { flag: 'wx' });
    await rename(temporary, finalPath);
  }

  async delete(key: string): Promise<void> {
    await rm(this.#pathOf(key), { force: true });
  }

  async *list(): AsyncIterable<string> {
    let entries;
    try {
      entries = await readdir(this.#dir, { recursive: true, withFileTypes: true });
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === 'ENOENT') return;
      throw error;
    }
    for (const entry of entries) {
      if (!entry.isFile()) continue;
      // Uploads still being received (`.part`) and anything else that is not a key are not objects.
      const key = path.relative(this.#dir, path.join(entry.parentPath, entry.name)).split(path.sep).join('/');
      if (isObjectKey(key)) yield key;
    }
  }
}
