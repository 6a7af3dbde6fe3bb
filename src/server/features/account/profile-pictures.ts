import type { Readable } from 'node:stream';
import sharp, { type Sharp } from 'sharp';
import { AVATAR_SIZES, PROFILE_PICTURE_MAX_BYTES } from '#contract/account.ts';
import type { Executor } from '#server/db/client.ts';
import type { User } from '#server/db/schema.ts';
import { AppError } from '#server/errors.ts';
import { isObjectKey, newObjectKey, ownerOfKey } from '#server/storage/object-storage.ts';
import type { AccountServiceDeps } from './account-deps.ts';
import { accountExists, pictureTaken } from './profile.queries.ts';

/**
 * Profile pictures (spec sections 5 and 7): POST /api/objects/upload gives an upload URL for a raw
 * file (`picture-uploads/<owner>/<id>`), the browser PUTs the file there, and PUT /api/profile-pictures
 * turns it into the stored avatar: decoded and re-encoded by sharp (libvips) as WebP at two square
 * sizes, rotated upright from its EXIF orientation, every piece of metadata (GPS, camera, ICC
 * profile's comments) left behind. The raw upload is deleted. The avatar is public at its
 * unguessable path `/objects/avatars/<owner>/<id>`, served under /api (spec section 3's prefix rule).
 * Before an account exists (signup) the owner part is a random id.
 */
const RAW_PURPOSE = 'picture-uploads';
const LARGE_PURPOSE = 'avatars';
const SMALL_PURPOSE = 'avatars-small';
const UPLOAD_URL_SECONDS = 15 * 60;
/** A raw upload nobody turned into a picture is removed after this. */
const RAW_UPLOAD_LIFETIME_MS = 60 * 60 * 1000;
/** A picture uploaded at signup that no account took is removed after this. */
const UNCLAIMED_PICTURE_MS = 24 * 60 * 60 * 1000;
/** Decoding refuses images of more pixels than this (a small file can expand to gigabytes). */
const MAX_INPUT_PIXELS = 40_000_000;


/**
 * An upload URL for one picture of the declared size, which the contract caps at 10 MB: the URL is
 * bound to it (issue 28, point 11: anonymous uploads once took 100 MB each).
 */
export async function createPictureUpload(deps: AccountServiceDeps, user: User | null, size: number): Promise<string> {
  const key = newObjectKey(RAW_PURPOSE, user?.id ?? crypto.randomUUID());
  await deps.jobs.enqueue(deps.db, 'storage.delete', { key }, { delayMs: RAW_UPLOAD_LIFETIME_MS });
  return deps.storage.createUploadUrl(key, UPLOAD_URL_SECONDS, Math.min(size, PROFILE_PICTURE_MAX_BYTES));
}

async function readAll(stream: Readable, limit: number): Promise<Buffer> {
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of stream) {
    size += (chunk as Buffer).length;
    if (size > limit) {
      stream.destroy();
      throw new AppError('payload_too_large:image');
    }
    chunks.push(chunk as Buffer);
  }
  return Buffer.concat(chunks);
}

/** What an avatar path names: its two stored keys. */
export function avatarKeys(path: string): { large: string; small: string } | null {
  const match = /^\/objects\/avatars\/([0-9a-f-]{36})\/([0-9a-f-]{36})$/.exec(path);
  if (!match) return null;
  const large = `${LARGE_PURPOSE}/${match[1]}/${match[2]}`;
  const small = `${SMALL_PURPOSE}/${match[1]}/${match[2]}`;
  return isObjectKey(large) && isObjectKey(small) ? { large, small } : null;
}

/**
 * Turns an uploaded file into the avatar. Only the uploader may: a signed-in caller only their own
 * uploads; at signup, only anonymous uploads (made before any account).
 */
export async function processProfilePicture(deps: AccountServiceDeps, user: User | null, profilePictureURL: string): Promise<string> {
  const key = deps.storage.keyFromUploadUrl(profilePictureURL);
  if (!key || !key.startsWith(`${RAW_PURPOSE}/`)) throw new AppError('not_found:upload');
  const owner = ownerOfKey(key)!;
  if (user ? owner !== user.id : await accountExists(deps.db, owner)) throw new AppError('not_found:upload');
  const size = await deps.storage.size(key);
  if (size === null) throw new AppError('not_found:upload');
  if (size > PROFILE_PICTURE_MAX_BYTES) {
    await deps.storage.delete(key);
    throw new AppError('payload_too_large:image');
  }
  const bytes = await readAll(await deps.storage.openRead(key), PROFILE_PICTURE_MAX_BYTES);
  await deps.storage.delete(key);
  const { large, small } = await reencode(bytes);
  const id = crypto.randomUUID();
  const pictureOwner = user?.id ?? crypto.randomUUID();
  const path = `/objects/avatars/${pictureOwner}/${id}`;
  const keys = avatarKeys(path)!;
  await deps.storage.write(keys.large, large, 'image/webp');
  await deps.storage.write(keys.small, small, 'image/webp');
  // Taken by an account (signup or Edit Profile) or removed: nothing unclaimed stays.
  await deps.jobs.enqueue(deps.db, 'account.collect-picture', { path }, { delayMs: UNCLAIMED_PICTURE_MS });
  return path;
}

/** Decodes whatever image format libvips reads (by content, not by name or declared type) and writes WebP without metadata. */
export async function reencode(bytes: Buffer): Promise<{ large: Buffer; small: Buffer }> {
  let image: Sharp;
  try {
    image = sharp(bytes, { limitInputPixels: MAX_INPUT_PIXELS, failOn: 'error' });
    const meta = await image.metadata();
    if (!meta.format || !meta.width || !meta.height || meta.format === 'svg') throw new AppError('bad_request:image_type');
  } catch (error) {
    if (error instanceof AppError) throw error;
    throw new AppError('bad_request:image_type');
  }
  try {
    // autoOrient applies the EXIF rotation; sharp writes no metadata unless asked (withMetadata/keepMetadata).
    const upright = image.autoOrient();
    const [large, small] = await Promise.all(
      [AVATAR_SIZES.large, AVATAR_SIZES.small].map((side) => upright.clone().resize(side, side, { fit: 'cover', position: 'attention' }).webp({ quality: 82 }).toBuffer()),
    );
    return { large: large!, small: small! };
  } catch {
    throw new AppError('bad_request:image_unreadable');
  }
}

/**
 * Whether a new account may take this avatar at signup: one made from an upload before any account (its
 * owner is no account), stored, and not already another account's picture.
 */
export async function pictureFreeForSignup(deps: Pick<AccountServiceDeps, 'storage' | 'db'>, path: string): Promise<boolean> {
  const owner = /^\/objects\/avatars\/([0-9a-f-]{36})\//.exec(path)?.[1];
  if (!owner || (await accountExists(deps.db, owner))) return false;
  return (await pictureExists(deps, path)) && !(await pictureTaken(deps.db, path, null));
}

export async function pictureExists(deps: Pick<AccountServiceDeps, 'storage'>, path: string): Promise<boolean> {
  const keys = avatarKeys(path);
  return keys !== null && (await deps.storage.size(keys.large)) !== null;
}

export async function openAvatar(deps: Pick<AccountServiceDeps, 'storage'>, owner: string, id: string, size: 'small' | 'large'): Promise<Readable> {
  const keys = avatarKeys(`/objects/avatars/${owner}/${id}`);
  if (!keys) throw new AppError('not_found:object');
  const key = size === 'small' ? keys.small : keys.large;
  if ((await deps.storage.size(key)) === null) throw new AppError('not_found:object');
  return deps.storage.openRead(key);
}

/** Queues the removal of a picture's files (in `executor`'s transaction when given one). */
export async function deleteProfilePicture(deps: Pick<AccountServiceDeps, 'jobs'>, executor: Executor, path: string): Promise<void> {
  const keys = avatarKeys(path);
  if (!keys) return;
  await deps.jobs.enqueue(executor, 'storage.delete', { key: keys.large });
  await deps.jobs.enqueue(executor, 'storage.delete', { key: keys.small });
  deps.jobs.wake();
}
