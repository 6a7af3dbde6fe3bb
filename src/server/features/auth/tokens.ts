import { hash, randomBytes } from 'node:crypto';

/** 256 random bits, URL-safe; what goes in a cookie or a link. */
export function newToken(): string {
  return randomBytes(32).toString('base64url');
}

/**
 * What the database keeps instead of the token: a leaked table opens no session. Every signed-in
 * request hashes its cookie's token, so the one-shot `crypto.hash` (no Hash object per call).
 */
export function hashToken(token: string): string {
  return hash('sha256', token, 'hex');
}
