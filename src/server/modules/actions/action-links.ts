import { createHash, createHmac, hkdfSync, randomBytes } from 'node:crypto';
import { sameSecret } from '../../secret-compare.ts';

/**
 * The mail's confirmation link (decision 102): `<action id>.<random>.<signature>`, the signature over
 * the action, its operation and its resources, so a link opens only the action it was made for. Only
 * its hash is stored; it is spent when used, and the action's proposal expires in 24 hours.
 */
export function createActionLinks(secret: string) {
  const key = Buffer.from(hkdfSync('sha256', secret, 'spendguard-actions', 'action-links', 32));
  const signatureOf = (actionId: string, nonce: string, binding: string) =>
    createHmac('sha256', key)
      .update(`${actionId}\n${nonce}\n${binding}`)
      .digest()
      .subarray(0, 16)
      .toString('base64url');

  return {
    /** `binding`: the operation and the resource ids, as `bindingOf` writes them. */
    issue(actionId: string, binding: string): { token: string; hash: string } {
      const nonce = randomBytes(18).toString('base64url');
      const token = `${actionId}.${nonce}.${signatureOf(actionId, nonce, binding)}`;
      return { token, hash: hashOf(token) };
    },
    /**
     * The link of an action proposed for an alert (decision 111): its nonce derived from the action, so
     * each of the alert's deliveries writes the same link without the link being stored anywhere.
     */
    issueForAlert(actionId: string, binding: string): { token: string; hash: string } {
      const nonce = createHmac('sha256', key)
        .update(`alert-nonce\n${actionId}`)
        .digest()
        .subarray(0, 18)
        .toString('base64url');
      const token = `${actionId}.${nonce}.${signatureOf(actionId, nonce, binding)}`;
      return { token, hash: hashOf(token) };
    },
    /** Whether the token is one this server signed for that action and binding. */
    verify(token: string, actionId: string, binding: string): boolean {
      const [id, nonce, signature] = token.split('.');
      if (id !== actionId || !nonce || !signature) return false;
      return sameSecret(signature, signatureOf(actionId, nonce, binding));
    },
  };
}

export type ActionLinks = ReturnType<typeof createActionLinks>;

export const hashOf = (token: string) => createHash('sha256').update(token).digest('hex');

export function bindingOf(operation: string, resourceIds: readonly string[]): string {
  return `${operation}:${[...resourceIds].sort().join(',')}`;
}
