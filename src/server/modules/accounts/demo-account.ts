import { randomBytes } from 'node:crypto';
import type { Kysely } from 'kysely';
import { systemClock } from '../../clock.ts';
import type { DatabaseSchema } from '../../db/schema.ts';
import { findUserIdByEmail, markDemoUser } from './accounts.repository.ts';
import type { Auth } from './auth.ts';
import { demoSessionEndsAt } from './demo-session.ts';
import { signedSessionToken } from './signed-session-token.ts';

export const DEMO_EMAIL = 'demo@spendguard.io';
export const DEMO_NAME = 'Dana Demo';

/**
 * The seeded demo user: nobody knows its password; visitors enter through
 * POST /api/demo-session. It is verified in the database so every screen works.
 */
export async function ensureDemoUser(db: Kysely<DatabaseSchema>, auth: Auth): Promise<string> {
  const existing = await findUserIdByEmail(db, DEMO_EMAIL);
  if (existing) return existing;
  const password = `${randomBytes(24).toString('base64url')}!A1`;
  const created = await auth.api.signUpEmail({ body: { name: DEMO_NAME, email: DEMO_EMAIL, password } });
  await markDemoUser(db, created.user.id);
  return created.user.id;
}

/**
 * A fresh session for one visitor of the demo, stored to expire one hour after it starts (better-auth's
 * refresh cannot extend it: auth.ts), answered as a signed bearer token. `afterEnsured`
 * runs each time the demo user is ensured (billing puts the demo organization on Business with no end,
 * so the demo shows the whole product).
 */
export async function startDemoSession(
  db: Kysely<DatabaseSchema>,
  auth: Auth,
  afterEnsured: (userId: string) => Promise<void> = async () => {},
): Promise<string> {
  const userId = await ensureDemoUser(db, auth);
  await afterEnsured(userId);
  const context = await auth.$context;
  // better-auth checks a session's end on the system clock (decision 078).
  const startedAt = systemClock.now();
  const session = await context.internalAdapter.createSession(
    userId,
    true,
    { createdAt: startedAt, expiresAt: demoSessionEndsAt(startedAt) },
    true,
  );
  return signedSessionToken(session.token, context.secret);
}
