import { randomUUID } from 'node:crypto';
import { bearer, signUpVerifiedPerson } from './accounts-fixtures.ts';
import type { TestApp } from './test-app.ts';

export interface TestPerson {
  userId: string;
  organizationId: string;
  headers: { authorization: string };
}

/** A person with a verified e-mail, owner of their own new organization. */
export async function signUpVerifiedOwner(
  server: TestApp,
  email: string,
  name = 'Olive Owner',
): Promise<TestPerson> {
  const { db } = server.context.database;
  const { token, userId } = await signUpVerifiedPerson(server, { email, name });
  const membership = await db
    .selectFrom('member')
    .select('organizationId')
    .where('userId', '=', userId)
    .executeTakeFirstOrThrow();
  return { userId, organizationId: membership.organizationId, headers: bearer(token) };
}

/** Another verified person who joins `organizationId` as a member and works in it. */
export async function addMember(server: TestApp, organizationId: string, email: string): Promise<TestPerson> {
  const { db } = server.context.database;
  const person = await signUpVerifiedOwner(server, email, 'Mel Member');
  await db
    .insertInto('member')
    .values({
      id: randomUUID(),
      organizationId,
      userId: person.userId,
      role: 'member',
      createdAt: new Date(),
    })
    .execute();
  await db
    .updateTable('session')
    .set({ activeOrganizationId: organizationId })
    .where('userId', '=', person.userId)
    .execute();
  return { ...person, organizationId };
}

export async function organizationSlug(server: TestApp, organizationId: string): Promise<string> {
  const row = await server.context.database.db
    .selectFrom('organization')
    .select('slug')
    .where('id', '=', organizationId)
    .executeTakeFirstOrThrow();
  return row.slug;
}
