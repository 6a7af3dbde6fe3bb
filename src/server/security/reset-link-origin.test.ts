import { describe, expect, it } from 'vitest';
import { inject, signUpUser } from '#tests/helpers/test-app.ts';
import { useTestApp } from '#tests/helpers/use-test-app.ts';

/**
 * Finding 1 of issue 9: the reset link in the e-mail comes only from the configured origin
 * (PUBLIC_URL; in development the server's own address), never from a request header, whatever
 * an attacker writes in Host or X-Forwarded-Host, with a trusted proxy or without.
 */
const poisoned: Record<string, string>[] = [
  { host: 'evil.example' },
  { host: 'evil.example', 'x-forwarded-host': 'evil.example', 'x-forwarded-proto': 'https' },
  { 'x-forwarded-host': 'evil.example:8443' },
];

async function linkMailedFor(t: ReturnType<typeof useTestApp>, headers: Record<string, string>): Promise<string> {
  const { user } = await signUpUser(t.app, t.config);
  const response = await inject(t.app, { method: 'POST', url: '/api/auth/forgot-password', payload: { email: user.email }, headers });
  expect(response.statusCode).toBe(200);
  const mail = await t.smtp.waitFor(user.email, { subject: 'Reset your' });
  return /https?:\/\/\S+\/reset-password\?token=\S+/.exec(mail.text)![0];
}

describe('with PUBLIC_URL and a trusted proxy', () => {
  const t = useTestApp({ PUBLIC_URL: 'https://app.example.com', TRUST_PROXY: '127.0.0.1' }, { smtp: true });
  it.each(poisoned)('mails a link on the public origin whatever the headers say: %o', async (headers) => {
    const link = await linkMailedFor(t, headers);
    expect(link.startsWith('https://app.example.com/reset-password?token=')).toBe(true);
    expect(link).not.toContain('evil');
  });
});

describe('without PUBLIC_URL (development)', () => {
  const t = useTestApp({ PORT: '4321', TRUST_PROXY: '1' }, { smtp: true });
  it.each(poisoned)('mails a link on the server own address: %o', async (headers) => {
    const link = await linkMailedFor(t, headers);
    expect(link.startsWith('http://localhost:4321/reset-password?token=')).toBe(true);
  });
});
