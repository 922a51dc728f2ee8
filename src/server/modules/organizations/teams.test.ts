import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { callAs, signUpVerified, startBusinessTrial } from '../../testing/organization-fixtures.ts';
import { type OrganizationWorld, startOrganizationWorld } from '../../testing/organization-world.ts';

let { server, owner, admin, member, stranger } = {} as OrganizationWorld;

beforeAll(async () => {
  ({ server, owner, admin, member, stranger } = await startOrganizationWorld({
    trials: ['owner', 'stranger'],
  }));
});
afterAll(() => server.close());

const paymentsScope = {
  account_ids: ['111122223333', ' 111122223333 '],
  tags: [
    { key: 'team', value: 'payments' },
    { key: 'env', value: 'prod' },
  ],
};

describe('creating a team', () => {
  it('stores the name, a slug made from it, the members and the scope it owns', async () => {
    const response = await callAs(server, owner)('POST', '/api/teams', {
      name: 'Payments Team',
      member_ids: [member.userId],
      scope: paymentsScope,
    });
    expect(response.statusCode).toBe(201);
    expect(response.json()).toMatchObject({
      name: 'Payments Team',
      slug: 'payments-team',
      member_count: 1,
      scope: {
        account_ids: ['111122223333'],
        tags: [
          { key: 'env', value: 'prod' },
          { key: 'team', value: 'payments' },
        ],
      },
      members: [expect.objectContaining({ email: 'member@acme.test' })],
    });
  });

  it('lets an admin create one with a slug of their choosing', async () => {
    const response = await callAs(server, admin)('POST', '/api/teams', { name: 'Data', slug: 'data-eng' });
    expect(response.statusCode).toBe(201);
    expect(response.json()).toMatchObject({
      slug: 'data-eng',
      member_count: 0,
      scope: { account_ids: [], tags: [] },
    });
  });

  it('refuses a slug another team of the organization uses (409), but not one of another organization', async () => {
    const taken = await callAs(server, owner)('POST', '/api/teams', { name: 'Other', slug: 'data-eng' });
    expect(taken.statusCode).toBe(409);
    expect(taken.json().Message).toBe('slug: another team of this organization already uses "data-eng".');
    expect(
      (await callAs(server, stranger)('POST', '/api/teams', { name: 'X', slug: 'data-eng' })).statusCode,
    ).toBe(201);
  });

  it('makes a free slug when the name is taken', async () => {
    const again = await callAs(server, owner)('POST', '/api/teams', { name: 'Payments team' });
    expect(again.json().slug).toBe('payments-team-2');
  });

  it('refuses a member (403)', async () => {
    expect((await callAs(server, member)('POST', '/api/teams', { name: 'Mine' })).statusCode).toBe(403);
  });

  it('answers 404 when a member id is someone of another organization', async () => {
    const response = await callAs(server, owner)('POST', '/api/teams', {
      name: 'Mixed',
      member_ids: [stranger.userId],
    });
    expect(response.statusCode).toBe(404);
  });

  it('names the field of a bad account id', async () => {
    const response = await callAs(server, owner)('POST', '/api/teams', {
      name: 'Bad',
      scope: { account_ids: ['12345'] },
    });
    expect(response.statusCode).toBe(400);
    expect(response.json().Message).toBe('scope.account_ids.0: an AWS account id is 12 digits');
  });
});

describe('reading teams', () => {
  it.each([
    ['owner', () => owner],
    ['admin', () => admin],
    ['member', () => member],
  ])('lists the teams with their scope to the %s', async (_role, who) => {
    const response = await callAs(server, who())('GET', '/api/teams');
    expect(response.statusCode).toBe(200);
    expect(response.json().teams.map((t: { slug: string }) => t.slug)).toEqual([
      'data-eng',
      'payments-team',
      'payments-team-2',
    ]);
    const payments = response.json().teams.find((t: { slug: string }) => t.slug === 'payments-team');
    const one = await callAs(server, who())('GET', `/api/teams/${payments.id}`);
    expect(one.statusCode).toBe(200);
    expect(one.json().members.map((m: { email: string }) => m.email)).toEqual(['member@acme.test']);
  });

  it("answers 404 to another organization's team", async () => {
    const theirs = (await callAs(server, stranger)('GET', '/api/teams')).json().teams[0].id;
    expect((await callAs(server, owner)('GET', `/api/teams/${theirs}`)).statusCode).toBe(404);
    expect((await callAs(server, owner)('PATCH', `/api/teams/${theirs}`, { name: 'Mine' })).statusCode).toBe(
      404,
    );
    expect((await callAs(server, owner)('DELETE', `/api/teams/${theirs}`)).statusCode).toBe(404);
  });
});

describe('changing a team', () => {
  const teamBySlug = async (slug: string) =>
    (await callAs(server, owner)('GET', '/api/teams'))
      .json()
      .teams.find((t: { slug: string }) => t.slug === slug);

  it('renames it, changes its slug and replaces its scope and members', async () => {
    const team = await teamBySlug('data-eng');
    const response = await callAs(server, admin)('PATCH', `/api/teams/${team.id}`, {
      name: 'Data Platform',
      slug: 'data',
      member_ids: [admin.userId, member.userId],
      scope: { account_ids: ['444455556666'], tags: [] },
    });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({
      name: 'Data Platform',
      slug: 'data',
      member_count: 2,
      scope: { account_ids: ['444455556666'], tags: [] },
    });
  });

  it('adds one member of the organization', async () => {
    const team = await teamBySlug('payments-team-2');
    const response = await callAs(server, owner)('POST', `/api/teams/${team.id}/members`, {
      user_id: admin.userId,
    });
    expect(response.statusCode).toBe(200);
    expect(response.json().members.map((m: { email: string }) => m.email)).toEqual(['admin@acme.test']);
    const stranger_added = await callAs(server, owner)('POST', `/api/teams/${team.id}/members`, {
      user_id: stranger.userId,
    });
    expect(stranger_added.statusCode).toBe(404);
  });

  it('refuses a member any change (403)', async () => {
    const team = await teamBySlug('data');
    expect(
      (await callAs(server, member)('PATCH', `/api/teams/${team.id}`, { name: 'Mine' })).statusCode,
    ).toBe(403);
    expect(
      (await callAs(server, member)('POST', `/api/teams/${team.id}/members`, { user_id: member.userId }))
        .statusCode,
    ).toBe(403);
    expect((await callAs(server, member)('DELETE', `/api/teams/${team.id}`)).statusCode).toBe(403);
  });

  it('deletes it; its people stay in the organization', async () => {
    const team = await teamBySlug('data');
    expect((await callAs(server, owner)('DELETE', `/api/teams/${team.id}`)).statusCode).toBe(204);
    expect((await callAs(server, owner)('GET', `/api/teams/${team.id}`)).statusCode).toBe(404);
    const members = (await callAs(server, owner)('GET', '/api/organization')).json().members;
    expect(members).toHaveLength(3);
  });
});

describe('teams are a Business feature (src/domain/plans.ts)', () => {
  it('refuses a Free organization a team with 403 PlanFeatureRequired saying what to do', async () => {
    const freeOwner = await signUpVerified(server, 'owner@free.test', 'Fred Free');
    const response = await callAs(server, freeOwner)('POST', '/api/teams', {
      name: 'Web',
      scope: { account_ids: ['111122223333'], tags: [] },
    });
    expect(response.statusCode).toBe(403);
    expect(response.json()).toEqual({
      Code: 'PlanFeatureRequired',
      Message: expect.stringMatching(/^Teams are part of the Business plan\..*Subscription page/),
    });
    expect((await callAs(server, freeOwner)('GET', '/api/teams')).json()).toEqual({ teams: [] });
  });

  it('back on Free, keeps the teams readable and deletable but no longer changes them', async () => {
    const lapsed = await signUpVerified(server, 'owner@lapsed.test', 'Lea Lapsed');
    await startBusinessTrial(server, lapsed);
    const team = (await callAs(server, lapsed)('POST', '/api/teams', { name: 'Ops' })).json();
    expect(team).toMatchObject({ name: 'Ops', slug: 'ops' });
    expect((await callAs(server, lapsed)('POST', '/api/billing/downgrade')).statusCode).toBeLessThan(300);

    const rename = await callAs(server, lapsed)('PATCH', `/api/teams/${team.id}`, { name: 'Operations' });
    expect(rename.statusCode).toBe(403);
    expect(rename.json().Code).toBe('PlanFeatureRequired');
    const join = await callAs(server, lapsed)('POST', `/api/teams/${team.id}/members`, {
      user_id: lapsed.userId,
    });
    expect(join.json().Code).toBe('PlanFeatureRequired');
    expect((await callAs(server, lapsed)('GET', `/api/teams/${team.id}`)).json().name).toBe('Ops');
    expect((await callAs(server, lapsed)('DELETE', `/api/teams/${team.id}`)).statusCode).toBe(204);
  });
});
