import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type InvitationWorld, startInvitationWorld } from '../../testing/invitation-fixtures.ts';
import { callAs, invitationCodeOf, type Person } from '../../testing/organization-fixtures.ts';

let { server, mail, owner, stranger, invite, invitationLink, signUpWith, setExpiry, close } =
  {} as InvitationWorld;

beforeAll(async () => {
  ({ server, mail, owner, stranger, invite, invitationLink, signUpWith, setExpiry, close } =
    await startInvitationWorld({ trials: ['owner', 'stranger'] }));
});
afterAll(() => close());

describe('inviting people in a batch', () => {
  it('mails each address a link that expires in seven days and reports each outcome', async () => {
    const response = await invite(owner, [
      { email: 'Ann@Example.test', role: 'admin' },
      { email: 'bob@example.test' },
      { email: 'owner@acme.test' },
    ]);
    expect(response.statusCode).toBe(201);
    expect(
      response.json().results.map((r: { email: string; status: string }) => [r.email, r.status]),
    ).toEqual([
      ['ann@example.test', 'invited'],
      ['bob@example.test', 'invited'],
      ['owner@acme.test', 'already_member'],
    ]);
    const message = await mail.waitForMail(
      'ann@example.test',
      /Olivia Owner invited you to Acme on Spendguard/,
    );
    const text = message.raw.replace(/=\r?\n/g, '');
    expect(text).toMatch(/invited you to join Acme as an admin/);
    expect(text).toMatch(/The link works once and expires in 7 days/);
    const link = message.links.find((candidate) => candidate.includes('/sign-up?invitation='));
    expect(link).toMatch(/^http:\/\/localhost:3000\/sign-up\?invitation=/);
    const row = await server.context.database.db
      .selectFrom('invitation')
      .select(['expiresAt', 'createdAt'])
      .where('email', '=', 'ann@example.test')
      .executeTakeFirstOrThrow();
    const days = (new Date(row.expiresAt).getTime() - new Date(row.createdAt).getTime()) / 86_400_000;
    expect(days).toBeCloseTo(7, 3);
  });

  it('refuses the whole batch when one address is not valid, naming it', async () => {
    const response = await invite(owner, [{ email: 'good@example.test' }, { email: 'not an email' }]);
    expect(response.statusCode).toBe(400);
    expect(response.json().Message).toBe('users.1.email: Please enter a valid email address.');
  });

  it("answers 404 to another organization's team", async () => {
    const theirs = await callAs(server, stranger)('POST', '/api/teams', { name: 'Theirs' });
    const response = await invite(owner, [{ email: 'carl@example.test', team_id: theirs.json().id }]);
    expect(response.statusCode).toBe(404);
  });

  it('shows pending invitations to owners, who can withdraw them', async () => {
    const pending = (await callAs(server, owner)('GET', '/api/organization-invitations')).json().invitations;
    expect(pending.map((i: { email: string }) => i.email).sort()).toEqual([
      'ann@example.test',
      'bob@example.test',
    ]);
    expect(pending[0]).toMatchObject({ invited_by: 'Olivia Owner', expired: false });
  });
});

describe('who may invite', () => {
  let admin: Person;
  let member: Person;

  const join = async (email: string, role: string): Promise<Person> => {
    await invite(owner, [{ email, role }]);
    const signedUp = await signUpWith(email, invitationCodeOf(await invitationLink(email)));
    return { token: signedUp.json().token, userId: signedUp.json().user.id, email };
  };

  beforeAll(async () => {
    admin = await join('adele@acme.test', 'admin');
    member = await join('max@acme.test', 'member');
  });

  it('lets an admin invite members and admins, into a team that joins them on acceptance', async () => {
    const team = (await callAs(server, admin)('POST', '/api/teams', { name: 'Data' })).json();
    const response = await invite(admin, [{ email: 'fay@example.test', role: 'member', team_id: team.id }]);
    expect(response.statusCode).toBe(201);
    const signedUp = await signUpWith(
      'fay@example.test',
      invitationCodeOf(await invitationLink('fay@example.test')),
    );
    expect(signedUp.statusCode).toBe(200);
    const users = (await callAs(server, admin)('GET', `/api/list_users?slug=data`)).json().users;
    expect(users.map((u: { email: string }) => u.email)).toEqual(['fay@example.test']);
  });

  it('refuses an admin inviting an owner, and a member inviting anyone', async () => {
    const byAdmin = await invite(admin, [{ email: 'boss@example.test', role: 'owner' }]);
    expect(byAdmin.statusCode).toBe(403);
    expect(byAdmin.json().Message).toBe('Only an owner can invite another owner.');
    expect((await invite(member, [{ email: 'friend@example.test' }])).statusCode).toBe(403);
  });

  it('keeps pending invitations from members', async () => {
    expect((await callAs(server, member)('GET', '/api/organization-invitations')).statusCode).toBe(403);
    expect((await callAs(server, admin)('GET', '/api/organization-invitations')).statusCode).toBe(200);
  });

  it("answers 404 to withdrawing another organization's invitation, and 403 to a member", async () => {
    await invite(stranger, [{ email: 'their-hire@example.test' }]);
    const theirs = (await callAs(server, stranger)('GET', '/api/organization-invitations')).json()
      .invitations[0];
    expect(
      (await callAs(server, owner)('DELETE', `/api/organization-invitations/${theirs.id}`)).statusCode,
    ).toBe(404);
    const ours = (await callAs(server, owner)('GET', '/api/organization-invitations')).json().invitations[0];
    expect(
      (await callAs(server, member)('DELETE', `/api/organization-invitations/${ours.id}`)).statusCode,
    ).toBe(403);
  });

  it('renews a pending invitation when the same address is invited again', async () => {
    await invite(owner, [{ email: 'erin@example.test' }]);
    await setExpiry('erin@example.test', new Date(Date.now() - 1000));
    const again = await invite(owner, [{ email: 'erin@example.test', role: 'admin' }]);
    expect(again.json().results[0].status).toBe('reinvited');
    const pending = (await callAs(server, owner)('GET', '/api/organization-invitations')).json().invitations;
    expect(pending.find((i: { email: string }) => i.email === 'erin@example.test')).toMatchObject({
      role: 'admin',
      expired: false,
    });
  });
});

describe('the shared demo account', () => {
  it('cannot send invitations from its organization', async () => {
    const session = await server.app.inject({ method: 'POST', url: '/api/demo-session' });
    const demo = { token: session.json().token, userId: '', email: 'demo@spendguard.io' };
    const response = await invite(demo, [{ email: 'victim@example.test' }]);
    expect(response.statusCode).toBe(403);
    expect(response.json().Message).toBe('The demo account cannot invite people.');
  });
});
