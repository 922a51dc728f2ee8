import { createHash, createHmac, randomBytes } from 'node:crypto';
import { sameSecret } from '../../secret-compare.ts';

/**
 * Visitor chat tokens: 32 random bytes and an HMAC of them under the server's secret. The signature
 * lets the server refuse a forged or mangled token without a database look-up; the database keeps
 * only a SHA-256 of the token with its expiry and visitor.
 */
export function createChatTokenSigner(secret: string) {
  const key = createHmac('sha256', secret).update('spendguard visitor chat tokens').digest();
  const signatureOf = (random: string) => createHmac('sha256', key).update(random).digest('base64url');

  return {
    create(): string {
      const random = randomBytes(32).toString('base64url');
      return `${random}.${signatureOf(random)}`;
    },
    isAuthentic(token: string): boolean {
      const [random, signature, extra] = token.split('.');
      if (!random || !signature || extra !== undefined || token.length > 200) return false;
      return sameSecret(signature, signatureOf(random));
    },
  };
}

export type ChatTokenSigner = ReturnType<typeof createChatTokenSigner>;

export function hashChatToken(token: string): string {
  return createHash('sha256').update(token).digest('hex');
}
