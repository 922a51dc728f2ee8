import { getMigrations } from 'better-auth/db/migration';
import type { AppContext } from '../../context.ts';
import { createAuth } from './auth.ts';

/** Creates or extends better-auth's tables (users, sessions, organizations, members, teams...). */
export async function migrateAuthSchema(context: AppContext): Promise<void> {
  const unused = async () => {
    throw new Error('not used while migrating');
  };
  const auth = createAuth(
    context,
    { delivery: 'outbox', send: unused },
    {
      beforeUserCreated: unused,
      onUserCreated: unused,
      isEmailVerified: unused,
      organizationForNewSession: unused,
      beforeUserDeleted: unused,
    },
  );
  const { runMigrations } = await getMigrations(auth.options);
  await runMigrations();
}
