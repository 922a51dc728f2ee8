import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { callAs, inviteNewPerson } from '../../testing/organization-fixtures.ts';
import { type OrganizationWorld, startOrganizationWorld } from '../../testing/organization-world.ts';

let { server, owner, admin, member, stranger } = {} as OrganizationWorld;
let teamId: string;
let strangerTeamId: string;

beforeAll(async () => {
  ({ server, owner, admin, member, stranger } = await startOrganizationWorld({
    trials: ['owner', 'stranger'],
  }));
  const team = await callAs(server, owner)('POST', '/api/teams', {
    name: 'Platform',
    member_ids: [admin.userId, member.userId],
  });
  teamId = team.json().id;
  strangerTeamId = (await callAs(server, stranger)('POST', '/api/teams', { name: 'Platform' })).json().id;
});
afterAll(() => server.close());

const emailsOf = (users: Array<{ email: string }>) => users.map((user) => user.email);

describe('GET /api/list_users', () => {
  it.each([
    ['owner', () => owner],
    ['admin', () => admin],
    ['member', () => member],
  ])("shows the %s a team's members by team_id and by slug", async (_role, who) => {
    const byId = await callAs(server, who())('GET', `/api/list_users?team_id=${teamId}`);
    expect(byId.statusCode).toBe(200);
    expect(byId.json().team).toMatchObject({
      id: teamId,
      name: 'Platform',
      slug: 'platform',
      member_count: 2,
    });
    expect(emailsOf(byId.json().users)).toEqual(['admin@acme.test', 'member@acme.test']);
    const bySlug = await callAs(server, who())('GET', '/api/list_users?slug=platform');
    expect(emailsOf(bySlug.json().users)).toEqual(['admin@acme.test', 'member@acme.test']);
  });

  it("answers 404 to another organization's team, even with the same slug elsewhere", async () => {
    expect(
      (await callAs(server, member)('GET', `/api/list_users?team_id=${strangerTeamId}`)).statusCode,
    ).toBe(404);
    const stranger_view = await callAs(server, stranger)('GET', '/api/list_users?slug=platform');
    expect(stranger_view.json().team.id).toBe(strangerTeamId);
    expect(emailsOf(stranger_view.json().users)).toEqual([]);
  });

  it('asks for exactly one of team_id and slug', async () => {
    const response = await callAs(server, owner)('GET', '/api/list_users');
    expect(response.statusCode).toBe(400);
    expect(response.json().Message).toMatch(/team_id: give either team_id or slug/);
  });
});

describe('GET /api/organization-members/{slug}', () => {
  it("shows a member's profile, teams, role, last activity and where their alerts go", async () => {
    const response = await callAs(server, member)('GET', '/api/organization-members/admin');
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({
      user_id: admin.userId,
      slug: 'admin',
      fullname: 'Adam Admin',
      email: 'admin@acme.test',
      role: 'admin',
      teams: [{ id: teamId, name: 'Platform', slug: 'platform' }],
      alert_channels: [{ kind: 'email', address: 'admin@acme.test' }],
    });
    expect(response.json().last_active_at).not.toBeNull();
  });

  it('gives two people with the same e-mail name different slugs', async () => {
    await inviteNewPerson(server, owner, { email: 'member@other.test', role: 'member' });
    const members = (await callAs(server, owner)('GET', '/api/organization')).json().members;
    expect(
      members
        .filter((m: { slug: string }) => m.slug.startsWith('member'))
        .map((m: { slug: string }) => m.slug),
    ).toEqual(['member', 'member-2']);
  });

  it('answers 404 to a member of another organization', async () => {
    expect((await callAs(server, owner)('GET', '/api/organization-members/stranger')).statusCode).toBe(404);
  });
});

describe('changing roles', () => {
  it('lets an admin make a member an admin and back', async () => {
    const up = await callAs(server, admin)('PATCH', `/api/organization-users/${member.userId}`, {
      role: 'admin',
    });
    expect(up.statusCode).toBe(200);
    expect(up.json()).toMatchObject({ email: 'member@acme.test', role: 'admin' });
    const down = await callAs(server, admin)('PATCH', `/api/organization-users/${member.userId}`, {
      role: 'member',
    });
    expect(down.json().role).toBe('member');
  });

  it('refuses a member (403), and an admin touching the owner (403)', async () => {
    expect(
      (await callAs(server, member)('PATCH', `/api/organization-users/${admin.userId}`, { role: 'member' }))
        .statusCode,
    ).toBe(403);
    const byAdmin = await callAs(server, admin)('PATCH', `/api/organization-users/${owner.userId}`, {
      role: 'member',
    });
    expect(byAdmin.statusCode).toBe(403);
    expect(byAdmin.json().Message).toBe('Only an owner can change owners or make someone an owner.');
  });

  it('keeps the last owner an owner (409)', async () => {
    const response = await callAs(server, owner)('PATCH', `/api/organization-users/${owner.userId}`, {
      role: 'admin',
    });
    expect(response.statusCode).toBe(409);
    expect(response.json().Code).toBe('LastOwner');
  });

  it("answers 404 to another organization's member", async () => {
    const response = await callAs(server, owner)('PATCH', `/api/organization-users/${stranger.userId}`, {
      role: 'admin',
    });
    expect(response.statusCode).toBe(404);
  });
});

describe('DELETE /api/remove-user', () => {
  it('with team_id removes the person from the team only', async () => {
    const response = await callAs(server, admin)(
      'DELETE',
      `/api/remove-user?user_id=${member.userId}&team_id=${teamId}`,
    );
    expect(response.statusCode).toBe(204);
    const team = (await callAs(server, owner)('GET', `/api/list_users?team_id=${teamId}`)).json();
    expect(emailsOf(team.users)).toEqual(['admin@acme.test']);
    expect(team.team.member_count).toBe(1);
    expect((await callAs(server, member)('GET', '/api/organization')).json().my_role).toBe('member');
  });

  it('refuses a member with 403', async () => {
    const response = await callAs(server, member)(
      'DELETE',
      `/api/remove-user?user_id=${admin.userId}&team_id=${teamId}`,
    );
    expect(response.statusCode).toBe(403);
    expect(
      (await callAs(server, member)('DELETE', `/api/remove-user?user_id=${admin.userId}`)).statusCode,
    ).toBe(403);
  });

  it("answers 404 to another organization's team or person", async () => {
    const theirTeam = await callAs(server, owner)(
      'DELETE',
      `/api/remove-user?user_id=${stranger.userId}&team_id=${strangerTeamId}`,
    );
    expect(theirTeam.statusCode).toBe(404);
    expect(
      (await callAs(server, owner)('DELETE', `/api/remove-user?user_id=${stranger.userId}`)).statusCode,
    ).toBe(404);
  });

  it('never removes the last owner (409)', async () => {
    const response = await callAs(server, owner)('DELETE', `/api/remove-user?user_id=${owner.userId}`);
    expect(response.statusCode).toBe(409);
    expect(response.json().Message).toMatch(/An organization needs an owner/);
  });

  it('without team_id removes the person from the organization and its teams; they keep an organization', async () => {
    const response = await callAs(server, owner)('DELETE', `/api/remove-user?user_id=${admin.userId}`);
    expect(response.statusCode).toBe(204);
    const members = (await callAs(server, owner)('GET', '/api/organization')).json().members;
    expect(emailsOf(members)).not.toContain('admin@acme.test');
    const team = (await callAs(server, owner)('GET', `/api/list_users?team_id=${teamId}`)).json();
    expect(team.users).toEqual([]);
    expect(team.team.member_count).toBe(0);
    const theirs = (await callAs(server, admin)('GET', '/api/organization')).json();
    expect(theirs).toMatchObject({ name: "Adam's organization", my_role: 'owner' });
  });

  it('lets one of two owners remove the other', async () => {
    await callAs(server, owner)('PATCH', `/api/organization-users/${member.userId}`, { role: 'owner' });
    const response = await callAs(server, member)('DELETE', `/api/remove-user?user_id=${owner.userId}`);
    expect(response.statusCode).toBe(204);
  });
});
