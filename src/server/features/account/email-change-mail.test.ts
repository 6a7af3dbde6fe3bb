import { describe, expect, it } from 'vitest';
import { inject, signUpUser, uniqueEmail } from '#tests/helpers/test-app.ts';
import { useTestApp } from '#tests/helpers/use-test-app.ts';

/**
 * Issue 29, point 8: after an e-mail change the new address gets a mail of its own (confirm the new address,
 * never the welcome mail's "If you did not create an account"), and the old address a notice saying what
 * changed and what to do if it was not the owner. Through a real SMTP server.
 */
const t = useTestApp({ PUBLIC_URL: 'https://app.example.com' }, { smtp: true });

describe('changing the e-mail address', () => {
  it('mails the new address a confirmation of its own and the old address a notice', async () => {
    const { user, cookie, password } = await signUpUser(t.app, t.config);
    const newEmail = uniqueEmail('moved');
    const moved = await inject(t.app, { method: 'PATCH', url: `/api/users/${user.id}`, cookie, payload: { email: newEmail, currentPassword: password } });
    expect(moved.statusCode).toBe(200);

    const confirm = await t.smtp.waitFor(newEmail);
    expect(confirm.subject).toBe('Confirm your new email address for Corner Office');
    expect(confirm.text).toContain(`You asked to use ${newEmail} for your Corner Office account.`);
    expect(confirm.text).not.toContain('Welcome to');
    expect(confirm.text).not.toContain('If you did not create an account');
    expect(confirm.text).toContain('If you did not ask for this, ignore this e-mail: the address stays unconfirmed.');
    const token = /https:\/\/app\.example\.com\/verify-email\?token=([\w-]+)/.exec(confirm.text)?.[1];
    expect(token).toBeTruthy();
    expect(confirm.html).toContain('Confirm my new email address');

    const notice = await t.smtp.waitFor(user.email, { subject: 'email address was changed' });
    expect(notice.subject).toBe('Your Corner Office email address was changed');
    expect(notice.text).toContain(`The email address of your Corner Office account was changed to ${newEmail}.`);
    expect(notice.text).toContain('If this was not you, contact us at once so we can secure your account:');
    expect(notice.text).toContain('https://app.example.com/contact');
    // The notice goes from a no-reply address: it never asks for a reply.
    expect(notice.text).not.toMatch(/reply to this e-mail/i);

    // The new address's link confirms it.
    expect((await inject(t.app, { method: 'POST', url: '/api/auth/verify-email', payload: { token } })).statusCode).toBe(200);
    expect((await inject(t.app, { url: '/api/auth/me', cookie })).json()).toMatchObject({ email: newEmail, emailVerified: true });
  });
});
