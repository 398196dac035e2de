import { createHash, randomBytes, timingSafeEqual } from 'node:crypto';

/** A fresh 256-bit secret, URL-safe. */
export function randomSecret(): string {
  return randomBytes(32).toString('base64url');
}

/** Secrets are stored only as digests: a leaked table opens no session. */
export function digestSecret(secret: string): string {
  return createHash('sha256').update(secret).digest('hex');
}

export function safeEqual(a: string, b: string): boolean {
  const left = Buffer.from(a);
  const right = Buffer.from(b);
  return left.length === right.length && timingSafeEqual(left, right);
}
