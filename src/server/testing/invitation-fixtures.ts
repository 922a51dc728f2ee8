import { STRONG_PASSWORD } from './accounts-fixtures.ts';
import type { MailCatcher } from './mail-catcher.ts';
import { callAs, type Person } from './organization-fixtures.ts';
import type { TestApp } from './test-app.ts';

/** Invitations sent through the API and read from the real SMTP catcher, as the invited person gets them. */
export function mailedInvitations(server: TestApp, mail: MailCatcher, organizationName: string) {
  return {
    invite: (by: Person, users: Array<{ email: string; role?: string; team_id?: string }>) =>
      callAs(server, by)('POST', '/api/organization-users', { users }),

    async invitationLink(to: string): Promise<string> {
      const message = await mail.waitForMail(to, new RegExp(`invited you to ${organizationName}`));
      const link = message.links.find((candidate) => candidate.includes('invitation='));
      if (!link) throw new Error(`no invitation link in the mail to ${to}`);
      return link;
    },

    /** What the sign-up page sends when it answers an invitation. */
    signUpWith: (email: string, invitation: string) =>
      server.app.inject({
        method: 'POST',
        url: '/api/auth/sign-up/email',
        payload: { name: 'New Person', email, password: STRONG_PASSWORD, invitation },
      }),

    setExpiry: (email: string, expiresAt: Date) =>
      server.context.database.db
        .updateTable('invitation')
        .set({ expiresAt })
        .where('email', '=', email)
        .execute(),
  };
}
