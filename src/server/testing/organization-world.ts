import {
  organizationWithEveryRole,
  type Person,
  signUpVerified,
  startBusinessTrial,
} from './organization-fixtures.ts';
import { createTestApp, type TestApp, type TestAppOptions } from './test-app.ts';

/** What most organization and alert tests start from. */
export interface OrganizationWorld {
  server: TestApp;
  /** Olivia Owner, Adam Admin and Mia Member, of one organization at `owner@<domain>` and so on. */
  owner: Person;
  admin: Person;
  member: Person;
  /** Sam Stranger, with a personal organization of their own. */
  stranger: Person;
}

export interface OrganizationWorldOptions {
  /** The people's e-mail domain; default acme.test. */
  domain?: string;
  /** Whose organization starts the 14-day Business trial (teams, Slack): the owner's, the stranger's. */
  trials?: ReadonlyArray<'owner' | 'stranger'>;
  app?: TestAppOptions;
}

/**
 * A test app with an organization holding one person of each role, and a stranger outside it. Declare the
 * names the test reads and fill them in one line, so the test bodies keep reading `owner`, `member`:
 *
 *   let { server, owner, member } = {} as OrganizationWorld;
 *   beforeAll(async () => ({ server, owner, member } = await startOrganizationWorld({ trials: ['owner'] })));
 *   afterAll(() => server.close());
 */
export async function startOrganizationWorld(
  options: OrganizationWorldOptions = {},
): Promise<OrganizationWorld> {
  const server = await createTestApp(options.app);
  const { owner, admin, member } = await organizationWithEveryRole(server, options.domain ?? 'acme.test');
  const stranger = await signUpVerified(server, 'stranger@elsewhere.test', 'Sam Stranger');
  const people = { owner, stranger };
  for (const who of options.trials ?? []) await startBusinessTrial(server, people[who]);
  return { server, owner, admin, member, stranger };
}
