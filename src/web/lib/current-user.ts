import type { UserRecord } from '../../contracts/users.ts';
import { ApiRequestError, apiRequest } from './api-client.ts';
import { readSessionToken, storeSessionToken } from './session-token.ts';

/** The user record with what the client adds: email_verified (sent already) and accessToken. */
export type CurrentUser = UserRecord & { accessToken: string | null };

/**
 * Whether this browser holds a cookie session (a mailed link signs people in with one). better-auth's
 * get-session answers 200 with no session for a visitor: being a visitor is not an error, and the
 * browser's console stays clean.
 */
async function hasCookieSession(): Promise<boolean> {
  const answer = await apiRequest<{ session?: unknown } | null>('auth/get-session');
  return Boolean(answer?.session);
}

/** Resolves who is signed in; a missing or expired token means a visitor, not an error. */
export async function fetchCurrentUser(): Promise<CurrentUser | null> {
  // The session rides on the bearer token, or on the cookie set when a mailed link signed the person in.
  const token = readSessionToken();
  if (!token && !(await hasCookieSession())) return null;
  try {
    const user = await apiRequest<UserRecord>('users/me');
    return { ...user, accessToken: token };
  } catch (error) {
    if (error instanceof ApiRequestError && error.status === 401) {
      storeSessionToken(null);
      return null;
    }
    throw error;
  }
}

/**
 * Ends the bearer session, then the cookie session a mailed link may have opened in this browser
 * (a verification link signs the person in with a cookie).
 */
export async function signOutCurrentSession(): Promise<void> {
  const signOut = () => apiRequest('auth/sign-out', { method: 'POST', body: {} }).catch(() => undefined);
  if (readSessionToken()) await signOut();
  storeSessionToken(null);
  await signOut();
}
