import type { IncomingHttpHeaders } from 'node:http';
import { fromNodeHeaders } from 'better-auth/node';
import { effectivePlatformRole } from '../../../domain/support-staff.ts';
import { type CachedReads, UNCACHED_READS } from '../../auth/cached-reads.ts';
import type { ViewerLookup } from '../../auth/viewer.ts';
import { systemClock } from '../../clock.ts';
import type { AppContext } from '../../context.ts';
import type { Mailer } from '../mail/mailer.ts';
import type { InvitationAcceptanceService } from '../organizations/invitation-acceptance.service.ts';
import type { OrganizationsService } from '../organizations/organizations.service.ts';
import { isEmailVerified, revokeSession } from './accounts.repository.ts';
import { createAuth } from './auth.ts';
import { DEMO_SESSION_MS } from './demo-session.ts';

/** The accounts feature as other modules use it: better-auth, and "who is asking?". */
export function createAccountsService(
  context: AppContext,
  mailer: Mailer,
  organizations: OrganizationsService,
  invitations: Pick<InvitationAcceptanceService, 'checkAtSignUp' | 'joinAtSignUp'>,
  reads: CachedReads = UNCACHED_READS,
) {
  const auth = createAuth(context, mailer, {
    beforeUserCreated: async (user, signUp) => {
      if (signUp.invitation) await invitations.checkAtSignUp(signUp.invitation, user.email);
    },
    onUserCreated: async (user, signUp) => {
      if (signUp.invitation && (await invitations.joinAtSignUp(signUp.invitation, user))) return;
      await organizations.createPersonalOrganization(user);
    },
    isEmailVerified: (userId) => isEmailVerified(context.database.db, userId),
    organizationForNewSession: (userId) => organizations.organizationForNewSession(userId),
    beforeUserDeleted: (userId) => organizations.deleteOrganizationsOnlyMemberOf(userId),
  });

  /** better-auth's session with its user, and the membership it works in; undefined when there is none. */
  async function readSession(headers: IncomingHttpHeaders) {
    const found = await auth.api.getSession({ headers: fromNodeHeaders(headers) });
    if (!found) return undefined;
    const { user, session } = found;
    const membership = await organizations.membershipIn(user.id, session.activeOrganizationId ?? null);
    return { user, session, membership };
  }

  /**
   * The session the request's credentials name, read once per node and second (decision 052): the key is the
   * credentials exactly as sent, which better-auth checked (signature, expiry) when it read them.
   */
  function cachedSession(headers: IncomingHttpHeaders) {
    const { authorization, cookie } = headers;
    if (!authorization && !cookie) return Promise.resolve(undefined);
    return reads.read(
      `session\n${authorization ?? ''}\n${cookie ?? ''}`,
      () => readSession(headers),
      (found) => Boolean(found?.membership),
    );
  }

  /** better-auth keeps its sessions on the system clock, so their ends are checked on it too (decision 078). */
  async function lookupViewer(headers: IncomingHttpHeaders, now = systemClock.now()): Promise<ViewerLookup> {
    const found = await cachedSession(headers);
    if (!found) return { status: 'signed-out' };
    const { user, session, membership } = found;
    if (user.isDemo && now.getTime() - new Date(session.createdAt).getTime() >= DEMO_SESSION_MS) {
      await revokeSession(context.database.db, session.id);
      reads.forgetAll();
      return { status: 'demo-expired' };
    }
    // better-auth checked the end when it read the session; a kept read is checked again here.
    if (new Date(session.expiresAt) <= now || !membership) return { status: 'signed-out' };
    return {
      status: 'signed-in',
      viewer: {
        userId: user.id,
        email: user.email,
        name: user.name,
        emailVerified: user.emailVerified,
        organizationId: membership.organizationId,
        organizationRole: membership.role,
        isDemo: Boolean(user.isDemo),
        platformRole: effectivePlatformRole(
          { storedRole: user.platformRole ?? null, email: user.email, emailVerified: user.emailVerified },
          context.config.chat.supportEmails,
        ),
        sessionId: session.id,
      },
    };
  }

  /**
   * Is the session better-auth itself will act on the demo's? Its own routes read the cookie or a signed
   * bearer session (never an API token, which our lookup reads first), so a lock on them asks it the same.
   */
  async function isDemoSession(headers: IncomingHttpHeaders): Promise<boolean> {
    const found = await auth.api.getSession({ headers: fromNodeHeaders(headers) });
    return Boolean(found?.user.isDemo);
  }

  return { auth, mailer, lookupViewer, isDemoSession };
}

export type AccountsService = ReturnType<typeof createAccountsService>;
