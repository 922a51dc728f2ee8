import { createHmac } from 'node:crypto';

/**
 * A session token as better-auth signs its session cookie (`token.HMAC-SHA256 in base64`), the only form
 * the bearer plugin accepts (`requireSignature`): a token read from the session table is useless alone.
 */
export function signedSessionToken(token: string, secret: string): string {
  return `${token}.${createHmac('sha256', secret).update(token).digest('base64')}`;
}
