import type { InjectOptions } from 'fastify';
import { bearer, signUpPerson, signUpVerifiedPerson } from './accounts-fixtures.ts';
import type { TestApp } from './test-app.ts';

export interface Person {
  token: string;
  userId: string;
  email: string;
}

type Method = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

/** Calls the API as this person (or as a visitor without one). */
export function callAs(server: TestApp, person: Person | undefined) {
  return (method: Method, url: string, payload?: InjectOptions['payload']) =>
    server.app.inject({ method, url, payload, headers: person ? bearer(person.token) : {} });
}

/** A person with a verified e-mail, owner of their own new organization. */
export async function signUpVerified(server: TestApp, email: string, name = 'Jane Doe'): Promise<Person> {
  const { token, userId } = await signUpVerifiedPerson(server, { email, name });
  return { token, userId, email };
}

/** The newest link of the newest mail to this address kept in the outbox (no SMTP_URL in the test). */
export async function newestOutboxLink(server: TestApp, to: string, pathPrefix: string): Promise<string> {
  const mail = await server.context.database.db
    .selectFrom('mail_outbox')
    .select('text_body')
    .where('to_address', '=', to.toLowerCase())
    .orderBy('created_at', 'desc')
    .limit(1)
    .executeTakeFirst();
  const link = mail?.text_body.match(/https?:\/\/\S+/g)?.find((url) => new URL(url).pathname === pathPrefix);
  if (!link) throw new Error(`no mail to ${to} with a ${pathPrefix} link`);
  return link;
}

export const invitationCodeOf = (link: string) => new URL(link).searchParams.get('invitation') ?? '';

/** Invites a new person and signs them up through the mailed link, as the sign-up page does. */
export async function inviteNewPerson(
  server: TestApp,
  inviter: Person,
  invited: { email: string; role: 'owner' | 'admin' | 'member'; teamId?: string; name?: string },
): Promise<Person> {
  const invite = await callAs(server, inviter)('POST', '/api/organization-users', {
    users: [{ email: invited.email, role: invited.role, team_id: invited.teamId }],
  });
  if (invite.statusCode !== 201) throw new Error(`invite failed: ${invite.statusCode} ${invite.body}`);
  const code = invitationCodeOf(await newestOutboxLink(server, invited.email, '/sign-up'));
  const { token, userId } = await signUpPerson(server, {
    email: invited.email,
    name: invited.name ?? 'Invited Person',
    invitation: code,
  });
  return { token, userId, email: invited.email };
}

/** An organization with one person of each role, as most tests need it. */
export async function organizationWithEveryRole(server: TestApp, domain: string) {
  const owner = await signUpVerified(server, `owner@${domain}`, 'Olivia Owner');
  const admin = await inviteNewPerson(server, owner, {
    email: `admin@${domain}`,
    role: 'admin',
    name: 'Adam Admin',
  });
  const member = await inviteNewPerson(server, owner, {
    email: `member@${domain}`,
    role: 'member',
    name: 'Mia Member',
  });
  return { owner, admin, member };
}

/** Starts the owner's 14-day Business trial: teams, Slack and the other Business features (src/domain/plans.ts). */
export async function startBusinessTrial(server: TestApp, owner: Person): Promise<void> {
  const response = await callAs(server, owner)('POST', '/api/billing/trial');
  if (response.statusCode >= 300) throw new Error(`trial refused: ${response.statusCode} ${response.body}`);
}
