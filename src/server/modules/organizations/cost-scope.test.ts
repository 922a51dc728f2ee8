import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Viewer } from '../../auth/viewer.ts';
import { callAs, type Person, signUpVerified } from '../../testing/organization-fixtures.ts';
import { type OrganizationWorld, startOrganizationWorld } from '../../testing/organization-world.ts';
import { createOrganizationsService } from './organizations.service.ts';

let { server, owner, admin, member } = {} as OrganizationWorld;
let organizationId: string;
let organizations: ReturnType<typeof createOrganizationsService>;

beforeAll(async () => {
  ({ server, owner, admin, member } = await startOrganizationWorld({ trials: ['owner'] }));
  organizationId = (await callAs(server, owner)('GET', '/api/organization')).json().id;
  organizations = createOrganizationsService(server.context.database.db);
});
afterAll(() => server.close());

const scopeOf = (person: Person) => organizations.costScopeFor({ organizationId, userId: person.userId });
const createTeam = async (name: string, memberIds: string[], scope: object) =>
  (await callAs(server, owner)('POST', '/api/teams', { name, member_ids: memberIds, scope })).json()
    .id as string;

describe('organizations.costScopeFor', () => {
  it('sees the whole organization for a member in no team', async () => {
    expect(await scopeOf(member)).toEqual({ restricted: false });
  });

  it('limits a member to the scope of their team, and never owners or admins', async () => {
    await createTeam('Payments', [owner.userId, admin.userId, member.userId], {
      account_ids: ['111122223333'],
      tags: [{ key: 'team', value: 'payments' }],
    });
    expect(await scopeOf(member)).toEqual({
      restricted: true,
      accountIds: ['111122223333'],
      tags: [{ key: 'team', value: 'payments' }],
    });
    expect(await scopeOf(owner)).toEqual({ restricted: false });
    expect(await scopeOf(admin)).toEqual({ restricted: false });
  });

  it('unites the scopes of all the teams of a member', async () => {
    await createTeam('Data', [member.userId], { account_ids: ['444455556666'], tags: [] });
    expect(await scopeOf(member)).toEqual({
      restricted: true,
      accountIds: ['111122223333', '444455556666'],
      tags: [{ key: 'team', value: 'payments' }],
    });
  });

  it('follows a change of role at once', async () => {
    await callAs(server, owner)('PATCH', `/api/organization-users/${member.userId}`, { role: 'admin' });
    expect(await scopeOf(member)).toEqual({ restricted: false });
    await callAs(server, owner)('PATCH', `/api/organization-users/${member.userId}`, { role: 'member' });
    expect((await scopeOf(member)).restricted).toBe(true);
  });

  it('stops restricting a member who joins a team that owns no scope', async () => {
    const everything = await createTeam('Leads', [member.userId], {});
    expect(await scopeOf(member)).toEqual({ restricted: false });
    await callAs(server, owner)('DELETE', `/api/teams/${everything}`);
  });

  it('shows nothing of an organization to someone outside it', async () => {
    const outsider = await signUpVerified(server, 'outsider@elsewhere.test');
    expect(await organizations.costScopeFor({ organizationId, userId: outsider.userId })).toEqual({
      restricted: true,
      accountIds: [],
      tags: [],
    });
  });

  it('takes a Viewer as it is', async () => {
    const viewer: Viewer = {
      userId: member.userId,
      email: member.email,
      name: 'Mia Member',
      emailVerified: true,
      organizationId,
      organizationRole: 'member',
      isDemo: false,
      platformRole: null,
      sessionId: 'unused',
    };
    expect((await organizations.costScopeFor(viewer)).restricted).toBe(true);
  });
});
