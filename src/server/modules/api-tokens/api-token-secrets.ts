import { createHash, randomBytes } from 'node:crypto';

/** Every API token starts so: a log scanner or a secret scanner can recognise one, and so can we. */
export const API_TOKEN_PREFIX = 'sg_';

/** `sg_` and 32 random bytes in base64url: 256 bits, nothing to guess. */
export function newApiTokenSecret(): string {
  return `${API_TOKEN_PREFIX}${randomBytes(32).toString('base64url')}`;
}

/** What is stored and looked up: a fast hash suits a secret with 256 bits of entropy (no salt needed). */
export function hashApiTokenSecret(secret: string): string {
  return createHash('sha256').update(secret).digest('hex');
}

/** The bearer secret of an `Authorization: Bearer sg_…` header, when the header carries one. */
export function apiTokenSecretOf(authorization: string | undefined): string | undefined {
  const match = authorization?.match(/^Bearer\s+(sg_\S+)\s*$/i);
  return match?.[1];
}

export const hintOf = (lastFour: string) => `${API_TOKEN_PREFIX}…${lastFour}`;
