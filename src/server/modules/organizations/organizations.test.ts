import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  callAs,
  invitationCodeOf,
  newestOutboxLink,
  type Person,
  signUpVerified,
} from '../../testing/organization-fixtures.ts';
import { type OrganizationWorld, startOrganizationWorld } from '../../testing/organization-world.ts';

let { server, owner, admin, member, stranger } = {} as OrganizationWorld;

beforeAll(async () => {
  ({ server, owner, admin, member, stranger } = await startOrganizationWorld({ trials: ['owner'] }));
});
afterAll(() => server.close());

describe('GET /api/organization', () => {
  it.each([
    ['owner', () => owner],
    ['admin', () => admin],
    ['member', () => member],
  ])('shows the %s the name and every member with role and last activity', async (role, who) => {
    const response = await callAs(server, who())('GET', '/api/organization');
    expect(response.statusCode).toBe(200);
    const organization = response.json();
    expect(organization.name).toBe("Olivia's organization");
    expect(organization.my_role).toBe(role);
    expect(organization.members.map((m: { email: string; role: string }) => [m.email, m.role])).toEqual([
      ['owner@acme.test', 'owner'],
      ['admin@acme.test', 'admin'],
      ['member@acme.test', 'member'],
    ]);
    for (const m of organization.members)
      expect(Date.parse(m.last_active_at)).toBeGreaterThan(Date.now() - 600_000);
    expect(organization.members[2].slug).toBe('member');
  });

  it('answers 401 to a visitor', async () => {
    expect((await callAs(server, undefined)('GET', '/api/organization')).statusCode).toBe(401);
  });
});

describe('PATCH /api/organization', () => {
  it('lets the owner and admins rename it', async () => {
    const renamed = await callAs(server, owner)('PATCH', '/api/organization', { name: '  Acme   Cloud ' });
    expect(renamed.statusCode).toBe(200);
    expect(renamed.json().name).toBe('Acme Cloud');
    const byAdmin = await callAs(server, admin)('PATCH', '/api/organization', { name: 'Acme' });
    expect(byAdmin.json().name).toBe('Acme');
    expect((await callAs(server, member)('GET', '/api/organization')).json().name).toBe('Acme');
  });

  it('refuses a member with 403', async () => {
    const response = await callAs(server, member)('PATCH', '/api/organization', { name: 'Mine now' });
    expect(response.statusCode).toBe(403);
    expect(response.json().Message).toMatch(/Only owners and admins/);
  });

  it('refuses an empty name naming the field', async () => {
    const response = await callAs(server, owner)('PATCH', '/api/organization', { name: '   ' });
    expect(response.statusCode).toBe(400);
    expect(response.json().Message).toMatch(/^name: /);
  });
});

describe('belonging to several organizations', () => {
  let consultant: Person;

  beforeAll(async () => {
    consultant = await signUpVerified(server, 'consultant@acme.test', 'Cora Consultant');
    const invite = await callAs(server, owner)('POST', '/api/organization-users', {
      users: [{ email: 'consultant@acme.test', role: 'member' }],
    });
    expect(invite.statusCode).toBe(201);
  });

  it('refuses to invite an address longer than mail carries, naming it', async () => {
    const invite = await callAs(server, owner)('POST', '/api/organization-users', {
      users: [{ email: `${'a'.repeat(3_000)}@acme.test`, role: 'member' }],
    });
    expect(invite.statusCode).toBe(400);
    expect(invite.json().Message).toMatch(/email/);
  });

  it('lists my organizations and marks the one the session works in', async () => {
    const code = invitationCodeOf(await newestOutboxLink(server, 'consultant@acme.test', '/organization'));
    const accepted = await callAs(server, consultant)('POST', '/api/invitations/accept', {
      invitation: code,
    });
    expect(accepted.statusCode).toBe(200);
    const listed = (await callAs(server, consultant)('GET', '/api/organizations')).json();
    expect(listed.organizations).toEqual([
      expect.objectContaining({ name: "Cora's organization", role: 'owner', active: false }),
      expect.objectContaining({ name: 'Acme', role: 'member', active: true }),
    ]);
  });

  it('switches the active organization for the session', async () => {
    const mine = (await callAs(server, consultant)('GET', '/api/organizations')).json().organizations;
    const personal = mine.find((o: { role: string }) => o.role === 'owner');
    const switched = await callAs(server, consultant)('POST', `/api/organizations/${personal.id}/activate`);
    expect(switched.statusCode).toBe(200);
    expect(switched.json()).toMatchObject({ id: personal.id, active: true, role: 'owner' });
    const now = (await callAs(server, consultant)('GET', '/api/organization')).json();
    expect(now).toMatchObject({ name: "Cora's organization", my_role: 'owner' });
    expect((await callAs(server, consultant)('GET', '/api/users/me')).json().role).toBe('owner');
  });

  it("answers 404 to another organization's id", async () => {
    const theirs = (await callAs(server, stranger)('GET', '/api/organization')).json().id;
    const response = await callAs(server, consultant)('POST', `/api/organizations/${theirs}/activate`);
    expect(response.statusCode).toBe(404);
  });

  it('opens a new session in the organization used last', async () => {
    const acme = (await callAs(server, owner)('GET', '/api/organization')).json().id;
    await callAs(server, consultant)('POST', `/api/organizations/${acme}/activate`);
    const signIn = await server.app.inject({
      method: 'POST',
      url: '/api/auth/sign-in/email',
      payload: { email: 'consultant@acme.test', password: 'Correct-Horse-42' },
    });
    const fresh = { ...consultant, token: signIn.json().token as string };
    expect((await callAs(server, fresh)('GET', '/api/organization')).json().id).toBe(acme);
  });
});

describe('members whose e-mails start alike', () => {
  it('each get a slug of their own, however long the shared start', async () => {
    const local = 'a'.repeat(40);
    const organizationId = (await callAs(server, owner)('GET', '/api/organization')).json().id;
    const slugs: string[] = [];
    for (const which of ['one', 'two', 'three']) {
      const email = `${local}.${which}@acme.test`;
      const person = await signUpVerified(server, email, `Person ${which}`);
      const invite = await callAs(server, owner)('POST', '/api/organization-users', {
        users: [{ email, role: 'member' }],
      });
      expect(invite.statusCode).toBe(201);
      const code = invitationCodeOf(await newestOutboxLink(server, email, '/organization'));
      const accepted = await callAs(server, person)('POST', '/api/invitations/accept', { invitation: code });
      expect(accepted.statusCode).toBe(200);
      const { slug } = await server.context.database.db
        .selectFrom('member_slugs')
        .innerJoin('member', 'member.id', 'member_slugs.member_id')
        .select('member_slugs.slug')
        .where('member.userId', '=', person.userId)
        .where('member.organizationId', '=', organizationId)
        .executeTakeFirstOrThrow();
      slugs.push(slug);
    }
    expect(slugs).toEqual([local, `${'a'.repeat(38)}-2`, `${'a'.repeat(38)}-3`]);
  });
});

describe('GET /api/cost-scope', () => {
  it('tells a member in no team that they see the whole organization', async () => {
    const response = await callAs(server, member)('GET', '/api/cost-scope');
    expect(response.json()).toEqual({ restricted: false, account_ids: [], tags: [], teams: [] });
  });

  it('tells a member of a scoped team which accounts and tags they see', async () => {
    const team = await callAs(server, admin)('POST', '/api/teams', {
      name: 'Payments',
      member_ids: [member.userId],
      scope: { account_ids: ['111122223333'], tags: [{ key: 'team', value: 'payments' }] },
    });
    expect(team.statusCode).toBe(201);
    const response = await callAs(server, member)('GET', '/api/cost-scope');
    expect(response.json()).toEqual({
      restricted: true,
      account_ids: ['111122223333'],
      tags: [{ key: 'team', value: 'payments' }],
      teams: [{ id: team.json().id, name: 'Payments', slug: 'payments' }],
    });
  });
});

describe("better-auth's own organization endpoints", () => {
  it('are closed, so nobody goes around the rules above', async () => {
    const acme = (await callAs(server, owner)('GET', '/api/organization')).json().id;
    const response = await callAs(server, admin)('POST', '/api/auth/organization/remove-member', {
      memberIdOrEmail: 'owner@acme.test',
      organizationId: acme,
    });
    expect(response.statusCode).toBe(404);
    const organization = (await callAs(server, owner)('GET', '/api/organization')).json();
    expect(organization.members.some((m: { email: string }) => m.email === 'owner@acme.test')).toBe(true);
  });
});
