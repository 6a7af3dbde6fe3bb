import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { AVATAR_SIZES } from '#contract/account.ts';
import { keyOfUploadUrl, s3StorageOf } from '#tests/helpers/s3-storage.ts';
import { inject, validSignup } from '#tests/helpers/test-app.ts';
import { useTestApp } from '#tests/helpers/use-test-app.ts';

// The picture flow on the S3 driver, against a local S3-compatible server: the browser's PUT goes to
// the presigned URL; the server reads it back, re-encodes, writes the avatars and removes the upload.
const t = useTestApp({}, { s3: true });

const storage = () => s3StorageOf(t.s3);

describe('profile pictures on the S3 driver', () => {
  it('uploads at signup through a presigned URL, stores both sizes, and deletes them with the account', async () => {
    const photo = await sharp({ create: { width: 500, height: 400, channels: 3, background: '#aa5500' } }).withExif({ IFD0: { Make: 'PhoneMaker' } }).jpeg().toBuffer();
    const { uploadURL } = (await inject(t.app, { method: 'POST', url: '/api/objects/upload', payload: { size: photo.length } })).json() as { uploadURL: string };
    expect(new URL(uploadURL).origin).toBe(t.s3.endpoint);
    const put = await fetch(uploadURL, { method: 'PUT', body: new Uint8Array(photo), headers: { 'content-type': 'image/jpeg' } });
    expect(put.status).toBe(200);
    const rawKey = keyOfUploadUrl(uploadURL);

    const processed = await inject(t.app, { method: 'PUT', url: '/api/profile-pictures', payload: { profilePictureURL: uploadURL.split('?')[0] } });
    expect(processed.statusCode, processed.body).toBe(200);
    const { objectPath } = processed.json() as { objectPath: string };
    expect(await storage().size(rawKey)).toBeNull();
    const [owner, id] = objectPath.split('/').slice(3);
    expect(await storage().size(`avatars/${owner}/${id}`)).toBeGreaterThan(0);

    const served = await t.app.inject({ method: 'GET', url: `/api${objectPath}?size=small` });
    expect(served.headers['content-type']).toBe('image/webp');
    const meta = await sharp(served.rawPayload).metadata();
    expect(meta.width).toBe(AVATAR_SIZES.small);
    expect(meta.exif).toBeUndefined();

    const signup = await t.app.inject({ method: 'POST', url: '/api/auth/signup', payload: { ...validSignup(), profilePicture: objectPath } });
    const cookie = signup.headers['set-cookie']!.toString().split(';')[0]!;
    const userId = signup.json().user.id as string;
    expect((await inject(t.app, { method: 'POST', url: `/api/users/${userId}/delete-account`, cookie, payload: { currentPassword: validSignup().password } })).statusCode).toBe(200);
    await t.app.jobs.runUntilIdle();
    expect(await storage().size(`avatars/${owner}/${id}`)).toBeNull();
    expect(await storage().size(`avatars-small/${owner}/${id}`)).toBeNull();
  });
});
