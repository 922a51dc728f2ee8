import { createHmac, randomBytes } from 'node:crypto';
import { sameSecret } from '../../secret-compare.ts';

/**
 * The ExternalIds customer roles trust (decision 147). Spendguard issues each one to an organization and
 * signs it with the server's secret, and connects a role only with an ExternalId it issued to the
 * organization connecting it: one organization cannot name another's role with that role's ExternalId
 * (AWS's confused deputy), whoever learned both.
 */
export function createExternalIds(secret: string) {
  const key = createHmac('sha256', secret).update('spendguard aws external ids').digest();
  const sign = (organizationId: string, nonce: string) =>
    createHmac('sha256', key).update(`${organizationId}:${nonce}`).digest('hex').slice(0, 24);

  return {
    /** A fresh ExternalId for the organization: `sg-<nonce>-<signature>`, in AWS's character set. */
    issue(organizationId: string): string {
      const nonce = randomBytes(8).toString('hex');
      return `sg-${nonce}-${sign(organizationId, nonce)}`;
    },
    isIssuedTo(organizationId: string, externalId: string): boolean {
      const match = /^sg-([0-9a-f]{16})-([0-9a-f]{24})$/.exec(externalId);
      if (!match) return false;
      return sameSecret(match[2] as string, sign(organizationId, match[1] as string));
    },
  };
}

export type ExternalIds = ReturnType<typeof createExternalIds>;
