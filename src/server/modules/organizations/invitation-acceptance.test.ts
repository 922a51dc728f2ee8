import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type InvitationWorld, startInvitationWorld } from '../../testing/invitation-fixtures.ts';
import { callAs, invitationCodeOf, signUpVerified } from '../../testing/organization-fixtures.ts';

let { server, mail, owner, stranger, invite, invitationLink, signUpWith, setExpiry, close } =
  {} as InvitationWorld;

beforeAll(async () => {
  ({ server, mail, owner, stranger, invite, invitationLink, signUpWith, setExpiry, close } =
    await startInvitationWorld());
  await invite(owner, [{ email: 'bob@example.test' }]);
});
afterAll(() => close());

describe('accepting an invitation with a new account', () => {
  it('joins the organization instead of creating one, with the address proven', async () => {
    const link = await invitationLink('bob@example.test');
    const preview = await server.app.inject({
      method: 'GET',
      url: `/api/invitations/${encodeURIComponent(invitationCodeOf(link))}`,
    });
    expect(preview.json()).toMatchObject({
      organization_name: 'Acme',
      email: 'bob@example.test',
      role: 'member',
      invited_by: 'Olivia Owner',
      account_exists: false,
      problem: null,
    });
    const signedUp = await signUpWith('bob@example.test', invitationCodeOf(link));
    expect(signedUp.statusCode).toBe(200);
    const bob = { token: signedUp.json().token, userId: signedUp.json().user.id, email: 'bob@example.test' };
    const me = (await callAs(server, bob)('GET', '/api/users/me')).json();
    expect(me).toMatchObject({ email_verified: true, role: 'member', organization: { name: 'Acme' } });
    const mine = (await callAs(server, bob)('GET', '/api/organizations')).json().organizations;
    expect(mine.map((o: { name: string }) => o.name)).toEqual(['Acme']);
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(
      mail.mails.some((m) => m.to.includes('bob@example.test') && /Verify your e-mail/.test(m.subject)),
    ).toBe(false);
  });

  it('refuses the same link a second time', async () => {
    const code = invitationCodeOf(await invitationLink('bob@example.test'));
    const again = await signUpWith('bob2@example.test', code);
    expect(again.statusCode).toBe(410);
    const preview = await server.app.inject({
      method: 'GET',
      url: `/api/invitations/${encodeURIComponent(code)}`,
    });
    expect(preview.json().problem).toBe(
      'This invitation was already used. Sign in to open the organization.',
    );
    const stranger2 = await signUpVerified(server, 'other@example.test');
    const reused = await callAs(server, stranger2)('POST', '/api/invitations/accept', { invitation: code });
    expect(reused.statusCode).toBe(410);
    expect(reused.json()).toEqual({
      Code: 'InvitationUsed',
      Message: 'This invitation was already used. Sign in to open the organization.',
    });
  });

  it('refuses an expired link with a clear message and creates no account', async () => {
    await invite(owner, [{ email: 'late@example.test' }]);
    const code = invitationCodeOf(await invitationLink('late@example.test'));
    await setExpiry('late@example.test', new Date(Date.now() - 1000));
    const response = await signUpWith('late@example.test', code);
    expect(response.statusCode).toBe(410);
    expect(response.json()).toEqual({
      Code: 'InvitationExpired',
      Message:
        'This invitation has expired (links work for 7 days). Ask the person who invited you to send a new one.',
    });
    const user = await server.context.database.db
      .selectFrom('user')
      .select('id')
      .where('email', '=', 'late@example.test')
      .executeTakeFirst();
    expect(user).toBeUndefined();
  });

  it('refuses a withdrawn link', async () => {
    await invite(owner, [{ email: 'gone@example.test' }]);
    const code = invitationCodeOf(await invitationLink('gone@example.test'));
    const pending = (await callAs(server, owner)('GET', '/api/organization-invitations')).json().invitations;
    const id = pending.find((i: { email: string }) => i.email === 'gone@example.test').id;
    expect((await callAs(server, owner)('DELETE', `/api/organization-invitations/${id}`)).statusCode).toBe(
      204,
    );
    const response = await signUpWith('gone@example.test', code);
    expect(response.statusCode).toBe(410);
    expect(response.json().Code).toBe('InvitationWithdrawn');
  });

  it('refuses a code that was not signed by the server', async () => {
    const sent = await invite(owner, [{ email: 'forged@example.test' }]);
    const forged = `${sent.json().results[0].invitation_id}.not-the-signature`;
    expect((await signUpWith('forged@example.test', forged)).statusCode).toBe(404);
    expect((await server.app.inject({ method: 'GET', url: `/api/invitations/${forged}` })).statusCode).toBe(
      404,
    );
  });
});

describe('accepting an invitation with an existing account', () => {
  it('sends people who have an account to the organization page, and joins them there', async () => {
    const dana = await signUpVerified(server, 'dana@example.test', 'Dana Existing');
    await invite(owner, [{ email: 'dana@example.test', role: 'member' }]);
    const link = await invitationLink('dana@example.test');
    expect(link).toMatch(/^http:\/\/localhost:3000\/organization\?invitation=/);
    const accepted = await callAs(server, dana)('POST', '/api/invitations/accept', {
      invitation: invitationCodeOf(link),
    });
    expect(accepted.statusCode).toBe(200);
    expect(accepted.json().organization).toMatchObject({ name: 'Acme', role: 'member', active: true });
    expect((await callAs(server, dana)('GET', '/api/organization')).json().name).toBe('Acme');
  });

  it('refuses someone signed in with another address', async () => {
    await invite(owner, [{ email: 'erin@example.test' }]);
    const code = invitationCodeOf(await invitationLink('erin@example.test'));
    const response = await callAs(server, stranger)('POST', '/api/invitations/accept', { invitation: code });
    expect(response.statusCode).toBe(403);
    expect(response.json().Message).toBe(
      'This invitation was sent to erin@example.test. Sign in with that address to accept it.',
    );
  });
});
