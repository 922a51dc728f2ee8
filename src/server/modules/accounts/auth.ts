import { betterAuth } from 'better-auth';
import { APIError } from 'better-auth/api';
import { bearer, organization } from 'better-auth/plugins';
import { INVITATION_VALID_DAYS } from '../../../domain/invitations.ts';
import { resolveAuthSecret } from '../../auth/auth-secret.ts';
import type { AppContext } from '../../context.ts';
import { ApiError } from '../../plugins/errors.ts';
import type { Mailer } from '../mail/mailer.ts';
import { emailChangeMail, passwordResetMail, verificationMail } from './account-mails.ts';
import { demoSessionEndsAt } from './demo-session.ts';

export const VERIFICATION_TOKEN_SECONDS = 24 * 60 * 60;
export const RESET_TOKEN_SECONDS = 60 * 60;

/** What a sign-up carries besides better-auth's fields: the code of the invitation it answers, if any. */
export interface SignUpExtras {
  invitation?: string;
}

export interface AuthHooks {
  /** Refuses the account before it exists (e.g. an invitation code that cannot be used): throws ApiError. */
  beforeUserCreated(user: { email: string }, signUp: SignUpExtras): Promise<void>;
  /** A new person joins the organization that invited them, or gets their own as its owner (the one who pays). */
  onUserCreated(user: { id: string; name: string; email: string }, signUp: SignUpExtras): Promise<void>;
  /** An address already proven (by an invitation mail) needs no verification mail. */
  isEmailVerified(userId: string): Promise<boolean>;
  /** The organization a new session works in. */
  organizationForNewSession(userId: string): Promise<string | null>;
  /** Removes what only this person owns before their account goes. */
  beforeUserDeleted(userId: string): Promise<void>;
}

function signUpExtrasOf(endpointContext: unknown): SignUpExtras {
  const body = (endpointContext as { body?: Record<string, unknown> } | null | undefined)?.body;
  return typeof body?.invitation === 'string' ? { invitation: body.invitation } : {};
}

/** Our ApiError inside a better-auth hook becomes better-auth's, so the caller gets its status and message. */
async function asAuthError<T>(work: () => Promise<T>): Promise<T> {
  try {
    return await work();
  } catch (error) {
    if (error instanceof ApiError) {
      throw new APIError(error.statusCode as never, { code: error.code, message: error.message });
    }
    throw error;
  }
}

/** The session (with its user) that better-auth's get-session found, when it is refreshing that session. */
function sessionBeingRefreshed(endpointContext: unknown) {
  return (
    endpointContext as
      | { context?: { session?: { session: { createdAt: Date }; user: { isDemo?: boolean | null } } | null } }
      | null
      | undefined
  )?.context?.session;
}

/** better-auth: e-mail and password, verification, reset, bearer sessions, organizations with teams. */
export function createAuth(context: AppContext, mailer: Mailer, hooks: AuthHooks) {
  const { publicUrl } = context.config;
  return betterAuth({
    appName: 'Spendguard',
    baseURL: publicUrl,
    basePath: '/api/auth',
    secret: resolveAuthSecret(context.config),
    trustedOrigins: [publicUrl],
    telemetry: { enabled: false },
    // No transactions: our hooks query through the same single PGlite connection, which a transaction would hold.
    database: { db: context.database.db, type: 'postgres', transaction: false },
    // Our own limiter (auth-rate-limit.ts) counts per IP and per e-mail across the whole API.
    rateLimit: { enabled: false },
    advanced: { database: { generateId: 'uuid' } },
    emailAndPassword: {
      enabled: true,
      minPasswordLength: 10,
      maxPasswordLength: 128,
      autoSignIn: true,
      requireEmailVerification: false,
      resetPasswordTokenExpiresIn: RESET_TOKEN_SECONDS,
      revokeSessionsOnPasswordReset: true,
      sendResetPassword: async ({ user, url }) => {
        await mailer.send(passwordResetMail(user.email, user.name, url));
      },
    },
    emailVerification: {
      sendOnSignUp: true,
      autoSignInAfterVerification: true,
      expiresIn: VERIFICATION_TOKEN_SECONDS,
      sendVerificationEmail: async ({ user, url }) => {
        if (await hooks.isEmailVerified(user.id)) return;
        await mailer.send(verificationMail(user.email, user.name, url));
      },
    },
    user: {
      additionalFields: {
        defaultTimezone: { type: 'string', required: false, defaultValue: 'UTC', input: true },
        phone: { type: 'string', required: false, input: false },
        viewCustoms: { type: 'string', required: false, input: false },
        isDemo: { type: 'boolean', required: false, defaultValue: false, input: false },
        platformRole: { type: 'string', required: false, input: false },
      },
      changeEmail: {
        enabled: true,
        updateEmailWithoutVerification: false,
        sendChangeEmailConfirmation: async ({ user, newEmail, url }) => {
          await mailer.send(emailChangeMail(user.email, user.name, newEmail, url));
        },
      },
      deleteUser: {
        enabled: true,
        beforeDelete: async (user) => hooks.beforeUserDeleted(user.id),
      },
    },
    session: { expiresIn: 60 * 60 * 24 * 14, updateAge: 60 * 60 * 24 },
    databaseHooks: {
      user: {
        create: {
          before: async (user, endpointContext) => {
            await asAuthError(() => hooks.beforeUserCreated(user, signUpExtrasOf(endpointContext)));
          },
          after: async (user, endpointContext) => hooks.onUserCreated(user, signUpExtrasOf(endpointContext)),
        },
      },
      session: {
        create: {
          before: async (session) => {
            const activeOrganizationId = await hooks.organizationForNewSession(session.userId);
            return { data: { ...session, activeOrganizationId } };
          },
        },
        update: {
          // better-auth slides a session's end on use; a demo session still ends one hour after it started.
          before: async (update, endpointContext) => {
            const refreshed = sessionBeingRefreshed(endpointContext);
            if (!update.expiresAt || !refreshed?.user.isDemo) return;
            return {
              data: { ...update, expiresAt: demoSessionEndsAt(new Date(refreshed.session.createdAt)) },
            };
          },
        },
      },
    },
    plugins: [
      // Only signed tokens (as the session cookie carries them): a token read from the session table is not enough.
      bearer({ requireSignature: true }),
      // Its tables hold organizations, members, invitations and teams; its endpoints are closed (auth.routes.ts):
      // src/server/modules/organizations serves them with our rules.
      organization({
        teams: { enabled: true, allowRemovingAllTeams: true },
        invitationExpiresIn: INVITATION_VALID_DAYS * 24 * 60 * 60,
        allowUserToCreateOrganization: true,
        creatorRole: 'owner',
      }),
    ],
  });
}

export type Auth = ReturnType<typeof createAuth>;
