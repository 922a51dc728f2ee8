import { INVITATION_VALID_DAYS, invitedAs } from '../../../domain/invitations.ts';
import { renderMail } from '../mail/mail-layout.ts';
import type { OutgoingMail } from '../mail/outgoing-mail.ts';

export function invitationMail(invitation: {
  to: string;
  organizationName: string;
  invitedBy: string;
  role: string;
  teamName: string | null;
  expiresAt: Date;
  url: string;
  accountExists: boolean;
}): OutgoingMail {
  const expires = invitation.expiresAt.toUTCString().replace(/:\d\d GMT$/, ' UTC');
  return {
    to: invitation.to,
    ...renderMail({
      subject: `${invitation.invitedBy} invited you to ${invitation.organizationName} on Spendguard`,
      heading: `Join ${invitation.organizationName} on Spendguard`,
      paragraphs: [
        `${invitation.invitedBy} invited you to join ${invitation.organizationName} ${invitedAs(invitation.role, invitation.teamName)}.`,
        'Spendguard watches the organization’s AWS spend and warns people before a surprise lands on the bill.',
        invitation.accountExists
          ? 'Sign in with this address to accept.'
          : 'Choose a name and a password to create your account with this address.',
        `The link works once and expires in ${INVITATION_VALID_DAYS} days (${expires}).`,
      ],
      action: { label: `Join ${invitation.organizationName}`, url: invitation.url },
      footnote: 'If you did not expect this invitation, ignore this mail: nothing happens without you.',
    }),
  };
}
