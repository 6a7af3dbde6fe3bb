import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { accountMessages, AVATAR_SIZES } from '#contract/account.ts';
import { authMessages } from '#contract/auth.ts';
import { jobs, sessions, users } from '#server/db/schema.ts';
import { inject, sessionCookieOf, signUpUser, uniqueEmail, validSignup } from '#tests/helpers/test-app.ts';
import { useTestApp } from '#tests/helpers/use-test-app.ts';

const t = useTestApp({}, { smtp: true });

const patch = (id: string, cookie: string | undefined, payload: Record<string, unknown>) => inject(t.app, { method: 'PATCH', url: `/api/users/${id}`, cookie, payload });

async function signInAgain(email: string, password: string, userAgent: string) {
  const response = await t.app.inject({ method: 'POST', url: '/api/auth/signin', payload: { email, password }, headers: { 'user-agent': userAgent } });
  return { status: response.statusCode, cookie: sessionCookieOf(response, t.config) };
}

/** A JPEG with EXIF (GPS position, camera) and a rotation flag, as a phone writes one. */
function phonePhoto(): Promise<Buffer> {
  return sharp({ create: { width: 640, height: 480, channels: 3, background: { r: 200, g: 40, b: 40 } } })
    .jpeg()
    .withExif({ IFD0: { Make: 'PhoneMaker', Model: 'Phone 9', Orientation: '6' }, IFD3: { GPSLatitudeRef: 'N', GPSLatitude: '40/1 26/1 46/1' } })
    .toBuffer();
}

async function uploadPicture(cookie: string | undefined, body: Buffer, contentType = 'image/jpeg') {
  const url = await inject(t.app, { method: 'POST', url: '/api/objects/upload', cookie, payload: { size: body.length } });
  expect(url.statusCode).toBe(200);
  const { uploadURL } = url.json() as { uploadURL: string };
  const put = await t.app.inject({ method: 'PUT', url: uploadURL, payload: body, headers: { 'content-type': contentType } });
  expect(put.statusCode).toBe(200);
  return inject(t.app, { method: 'PUT', url: '/api/profile-pictures', cookie, payload: { profilePictureURL: uploadURL.split('?')[0] } });
}

describe('PATCH /api/users/:id (Edit Profile)', () => {
  it('changes the names, refreshes /me, validates like signup, and is the owner’s only', async () => {
    const { user, cookie } = await t.signIn();
    const other = await t.signIn();
    const saved = await patch(user.id, cookie, { firstName: '  Grace ', lastName: 'Hopper' });
    expect(saved.statusCode).toBe(200);
    expect(saved.json()).toMatchObject({ firstName: 'Grace', lastName: 'Hopper', email: user.email });
    expect((await inject(t.app, { method: 'GET', url: '/api/auth/me', cookie })).json()).toMatchObject({ firstName: 'Grace', lastName: 'Hopper' });

    expect((await patch(user.id, cookie, { firstName: 'G' })).json()).toEqual({ error: `firstName: ${authMessages.firstNameMin}`, code: 'bad_request:validation' });
    expect((await patch(user.id, cookie, { email: 'not-an-address' })).json().error).toBe(`email: ${authMessages.emailInvalid}`);
    expect((await patch(user.id, cookie, {})).statusCode).toBe(400);
    // Someone else's account: as if it did not exist; and nothing changed there.
    expect((await patch(other.user.id, cookie, { firstName: 'Mallory' })).statusCode).toBe(404);
    expect((await patch(user.id, undefined, { firstName: 'Nobody' })).statusCode).toBe(401);
    const [otherRow] = await t.database.db.select().from(users).where(eq(users.id, other.user.id));
    expect(otherRow!.firstName).toBe('Ada');
  });

  it('changes the e-mail only with the current password, refuses a taken one, and tells the old address', async () => {
    const signedUp = await signUpUser(t.app, t.config);
    const { user, cookie, password } = signedUp;
    const taken = await t.signIn();
    const newEmail = uniqueEmail('moved');
    expect((await patch(user.id, cookie, { email: newEmail })).json()).toMatchObject({ code: 'bad_request:current_password_required', error: accountMessages.currentPasswordForEmail });
    expect((await patch(user.id, cookie, { email: newEmail, currentPassword: 'wrong password' })).json().code).toBe('bad_request:current_password');
    const conflict = await patch(user.id, cookie, { email: taken.user.email.toUpperCase(), currentPassword: password });
    expect(conflict.statusCode).toBe(409);
    expect(conflict.json().error).toBe(accountMessages.emailExists);

    const moved = await patch(user.id, cookie, { email: newEmail, currentPassword: password });
    expect(moved.statusCode).toBe(200);
    expect(moved.json()).toMatchObject({ email: newEmail, emailVerified: false });
    const notice = await t.smtp.waitFor(user.email, { subject: 'email address was changed' });
    expect(notice.text).toContain(newEmail);
    await t.smtp.waitFor(newEmail, { subject: 'Confirm your new email address' });
    expect((await signInAgain(newEmail, password, 'test')).status).toBe(200);
    expect((await signInAgain(user.email, password, 'test')).status).toBe(401);
  });
});

describe('POST /api/users/:id/change-password and the sessions list', () => {
  it('needs the current password, signs every other session out, keeps this one, and lists and ends sessions', async () => {
    const email = uniqueEmail('pw');
    const first = await t.app.inject({ method: 'POST', url: '/api/auth/signup', payload: validSignup(email), headers: { 'user-agent': 'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0 Safari/537.36' } });
    const cookie = sessionCookieOf(first, t.config)!;
    const userId = first.json().user.id as string;
    const phone = await signInAgain(email, validSignup().password, 'Mozilla/5.0 (iPhone; CPU iPhone OS 18_0 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/18.0 Mobile/15E148 Safari/604.1');
    const laptop = await signInAgain(email, validSignup().password, 'Mozilla/5.0 (Windows NT 10.0; Win64; x64; rv:133.0) Gecko/20100101 Firefox/133.0');

    const listed = await inject(t.app, { method: 'GET', url: `/api/users/${userId}/sessions`, cookie });
    expect(listed.statusCode).toBe(200);
    const devices = (listed.json().sessions as { device: string; current: boolean; id: string }[]).map((s) => [s.device, s.current]);
    expect(devices).toEqual(expect.arrayContaining([['Chrome on Linux', true], ['Safari on iOS', false], ['Firefox on Windows', false]]));

    // Sign the laptop out from here; its id is not another user's to end.
    const laptopRow = (listed.json().sessions as { device: string; id: string }[]).find((s) => s.device === 'Firefox on Windows')!;
    const stranger = await t.signIn();
    expect((await inject(t.app, { method: 'DELETE', url: `/api/users/${stranger.user.id}/sessions/${laptopRow.id}`, cookie: stranger.cookie })).statusCode).toBe(404);
    expect((await inject(t.app, { method: 'DELETE', url: `/api/users/${userId}/sessions/${laptopRow.id}`, cookie: stranger.cookie })).statusCode).toBe(404);
    expect((await inject(t.app, { method: 'GET', url: `/api/users/${userId}/sessions`, cookie: stranger.cookie })).statusCode).toBe(404);
    expect((await inject(t.app, { method: 'DELETE', url: `/api/users/${userId}/sessions/${laptopRow.id}`, cookie })).json()).toEqual({ message: accountMessages.sessionEnded });
    expect((await inject(t.app, { method: 'GET', url: '/api/auth/me', cookie: laptop.cookie })).statusCode).toBe(401);

    const change = (payload: Record<string, unknown>, as = cookie, id = userId) => inject(t.app, { method: 'POST', url: `/api/users/${id}/change-password`, cookie: as, payload });
    expect((await change({ currentPassword: validSignup().password, newPassword: '12345' })).json().error).toBe(`newPassword: ${accountMessages.changePasswordMin}`);
    expect((await change({ currentPassword: 'not it', newPassword: 'brand new pw' })).json().code).toBe('bad_request:current_password');
    expect((await change({ currentPassword: 'whatever', newPassword: 'brand new pw' }, stranger.cookie)).statusCode).toBe(404);
    const changed = await change({ currentPassword: validSignup().password, newPassword: 'brand new pw' });
    expect(changed.json()).toEqual({ message: accountMessages.passwordChanged });

    expect((await inject(t.app, { method: 'GET', url: '/api/auth/me', cookie })).statusCode).toBe(200);
    expect((await inject(t.app, { method: 'GET', url: '/api/auth/me', cookie: phone.cookie })).statusCode).toBe(401);
    expect(await t.database.db.select().from(sessions).where(eq(sessions.userId, userId))).toHaveLength(1);
    expect((await signInAgain(email, validSignup().password, 'x')).status).toBe(401);
    expect((await signInAgain(email, 'brand new pw', 'x')).status).toBe(200);
  });
});

describe('profile pictures', () => {
  it('re-encodes an upload at signup: upright, avatar sizes, no metadata, served under /api, taken by the new account', async () => {
    const processed = await uploadPicture(undefined, await phonePhoto());
    expect(processed.statusCode).toBe(200);
    const { objectPath } = processed.json() as { objectPath: string };
    expect(objectPath).toMatch(/^\/objects\/avatars\/[0-9a-f-]{36}\/[0-9a-f-]{36}$/);

    const large = await t.app.inject({ method: 'GET', url: `/api${objectPath}` });
    expect(large.statusCode).toBe(200);
    expect(large.headers['content-type']).toBe('image/webp');
    const meta = await sharp(large.rawPayload).metadata();
    expect(meta).toMatchObject({ format: 'webp', width: AVATAR_SIZES.large, height: AVATAR_SIZES.large });
    expect(meta.exif).toBeUndefined();
    expect(large.rawPayload.includes(Buffer.from('PhoneMaker'))).toBe(false);
    const small = await t.app.inject({ method: 'GET', url: `/api${objectPath}?size=small` });
    expect((await sharp(small.rawPayload).metadata()).width).toBe(AVATAR_SIZES.small);

    const signup = await t.app.inject({ method: 'POST', url: '/api/auth/signup', payload: { ...validSignup(), profilePicture: objectPath } });
    expect(signup.statusCode).toBe(201);
    expect(signup.json().user.profileImageUrl).toBe(objectPath);
    // Not a picture path: refused by the contract.
    const bad = await t.app.inject({ method: 'POST', url: '/api/auth/signup', payload: { ...validSignup(), profilePicture: '/etc/passwd' } });
    expect(bad.statusCode).toBe(400);
    // Another account's picture, or a picture path nothing was stored under: the upload is not found (never the
    // e-mail-conflict message the picture's unique index used to produce), and no account is made.
    const uploadGone = 'This upload could not be found. Please upload the file again.';
    for (const profilePicture of [objectPath, `/objects/avatars/${randomUUID()}/${randomUUID()}`]) {
      const refused = await t.app.inject({ method: 'POST', url: '/api/auth/signup', payload: { ...validSignup(), profilePicture } });
      expect(refused.statusCode).toBe(404);
      expect(refused.json().error).toBe(uploadGone);
    }
    // An avatar an account made for itself (its owner is an account) is not free to take at signup either.
    const member = await signUpUser(t.app, t.config);
    const own = (await uploadPicture(member.cookie, await phonePhoto())).json().objectPath as string;
    const taken = await t.app.inject({ method: 'POST', url: '/api/auth/signup', payload: { ...validSignup(), profilePicture: own } });
    expect(taken.statusCode).toBe(404);
    expect(taken.json().error).toBe(uploadGone);
    // A day later, pictures no account took are removed; a taken one stays.
    const unclaimed = (await uploadPicture(undefined, await phonePhoto())).json().objectPath as string;
    await t.database.db.update(jobs).set({ runAt: new Date() }).where(eq(jobs.status, 'queued'));
    await t.app.jobs.runUntilIdle();
    expect((await t.app.inject({ method: 'GET', url: `/api${objectPath}` })).statusCode).toBe(200);
    expect((await t.app.inject({ method: 'GET', url: `/api${unclaimed}` })).statusCode).toBe(404);
  });

  it('refuses what is not an image, and another user’s upload; Edit Profile swaps the picture and removes the old files', async () => {
    const { user, cookie } = await t.signIn();
    const text = await uploadPicture(cookie, Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"></svg> or just text'), 'image/png');
    expect(text.statusCode).toBe(400);
    expect(text.json().error).toBe(accountMessages.onlyImages);

    // An upload made by one account cannot be turned into a picture by another.
    const photo = await phonePhoto();
    const url = (await inject(t.app, { method: 'POST', url: '/api/objects/upload', cookie, payload: { size: photo.length } })).json().uploadURL as string;
    await t.app.inject({ method: 'PUT', url, payload: photo, headers: { 'content-type': 'image/jpeg' } });
    const stranger = await t.signIn();
    expect((await inject(t.app, { method: 'PUT', url: '/api/profile-pictures', cookie: stranger.cookie, payload: { profilePictureURL: url.split('?')[0] } })).statusCode).toBe(404);

    const first = (await inject(t.app, { method: 'PUT', url: '/api/profile-pictures', cookie, payload: { profilePictureURL: url.split('?')[0] } })).json().objectPath as string;
    expect((await patch(user.id, cookie, { profileImageUrl: first })).json().profileImageUrl).toBe(first);
    // Another account cannot show it as theirs.
    expect((await patch(stranger.user.id, stranger.cookie, { profileImageUrl: first })).statusCode).toBe(404);
    const second = (await uploadPicture(cookie, await phonePhoto(), 'image/jpeg')).json().objectPath as string;
    expect((await patch(user.id, cookie, { profileImageUrl: second })).statusCode).toBe(200);
    await t.app.jobs.runUntilIdle();
    expect((await t.app.inject({ method: 'GET', url: `/api${first}` })).statusCode).toBe(404);
    expect((await t.app.inject({ method: 'GET', url: `/api${second}` })).statusCode).toBe(200);

    // null clears the picture (and its files go); null again, or the unchanged e-mail, changes nothing and answers the profile.
    const cleared = await patch(user.id, cookie, { profileImageUrl: null });
    expect(cleared.statusCode).toBe(200);
    expect(cleared.json().profileImageUrl).toBeNull();
    await t.app.jobs.runUntilIdle();
    expect((await t.app.inject({ method: 'GET', url: `/api${second}` })).statusCode).toBe(404);
  });

  it('answers the current profile for a change that changes nothing (issue 28, point 9)', async () => {
    const { user, cookie } = await t.signIn();
    for (const payload of [{ profileImageUrl: null }, { email: user.email }, { email: user.email.toUpperCase() }, { firstName: 'Ada', profileImageUrl: null }]) {
      const response = await patch(user.id, cookie, payload);
      expect(response.statusCode, JSON.stringify(payload)).toBe(200);
      expect(response.json()).toMatchObject({ id: user.id, email: user.email, firstName: 'Ada', profileImageUrl: null });
    }
  });
});
