import { createHmac } from 'node:crypto';
import { sameSecret } from '../../secret-compare.ts';

/**
 * The code in an invitation link: the invitation id and its signature. Owners and admins see invitation ids
 * (to revoke them); only the mail carries the signature, so only the invited mailbox can accept, and
 * accepting proves the address.
 */
export function createInvitationCodes(secret: string) {
  const sign = (invitationId: string) =>
    createHmac('sha256', secret).update(`invitation:${invitationId}`).digest('base64url').slice(0, 32);

  return {
    codeFor: (invitationId: string) => `${invitationId}.${sign(invitationId)}`,
    /** The invitation id when the code is one we signed, else undefined. */
    invitationIdOf(code: string): string | undefined {
      const [invitationId, signature, ...rest] = code.split('.');
      if (!invitationId || !signature || rest.length > 0) return undefined;
      return sameSecret(signature, sign(invitationId)) ? invitationId : undefined;
    },
  };
}

export type InvitationCodes = ReturnType<typeof createInvitationCodes>;
