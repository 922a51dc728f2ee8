import { STRONG_PASSWORD } from './accounts-fixtures.ts';
import { type MailCatcher, startMailCatcher } from './mail-catcher.ts';
import { callAs, type Person, signUpVerified, startBusinessTrial } from './organization-fixtures.ts';
import { createTestApp, type TestApp } from './test-app.ts';

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

/** What the invitation tests start from: mail through a real SMTP catcher, and two people in their own organizations. */
export interface InvitationWorld extends ReturnType<typeof mailedInvitations> {
  server: TestApp;
  mail: MailCatcher;
  /** Olivia Owner of the organization named Acme. */
  owner: Person;
  /** Sam Stranger, with an organization of their own. */
  stranger: Person;
  close(): Promise<void>;
}

/** Starts the app with the mail catcher as its SMTP server; `trials` start the 14-day Business trial. */
export async function startInvitationWorld(
  options: { trials?: ReadonlyArray<'owner' | 'stranger'> } = {},
): Promise<InvitationWorld> {
  const mail = await startMailCatcher();
  const server = await createTestApp({ env: { SMTP_URL: mail.url } });
  const owner = await signUpVerified(server, 'owner@acme.test', 'Olivia Owner');
  const stranger = await signUpVerified(server, 'stranger@elsewhere.test', 'Sam Stranger');
  const people = { owner, stranger };
  for (const who of options.trials ?? []) await startBusinessTrial(server, people[who]);
  await callAs(server, owner)('PATCH', '/api/organization', { name: 'Acme' });
  return {
    ...mailedInvitations(server, mail, 'Acme'),
    server,
    mail,
    owner,
    stranger,
    async close() {
      await server.close();
      await mail.close();
    },
  };
}
