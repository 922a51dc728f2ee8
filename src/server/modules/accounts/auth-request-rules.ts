import {
  INVALID_EMAIL_MESSAGE,
  isValidEmail,
  normalizeFullName,
  passwordProblem,
} from '../../../domain/account-rules.ts';
import { isKnownTimeZone } from '../../../domain/time-zones.ts';
import { FixedWindowLimiter } from '../../auth/fixed-window-limiter.ts';
import { ApiError, badRequest } from '../../plugins/errors.ts';

type Body = Record<string, unknown>;

const RATE_WINDOW_MS = 10 * 60 * 1000;
const LIMITED_PATHS = new Set([
  '/sign-in/email',
  '/sign-up/email',
  '/request-password-reset',
  '/send-verification-email',
]);

/**
 * Sign-in, sign-up and the mail-sending calls are limited per IP and per e-mail. Only a valid address
 * (at most 254 characters) becomes a key, so no request makes the limiter keep more than that.
 */
export function createAuthRateLimits(limits: { perIp: number; perEmail: number }) {
  const byIp = new FixedWindowLimiter(limits.perIp, RATE_WINDOW_MS);
  const byEmail = new FixedWindowLimiter(limits.perEmail, RATE_WINDOW_MS);
  const check = (result: ReturnType<FixedWindowLimiter['hit']>) => {
    if (!result.allowed) {
      throw new ApiError(
        429,
        'TooManyRequests',
        `Too many attempts. Try again in ${result.retryAfterSeconds} seconds.`,
        { 'retry-after': String(result.retryAfterSeconds) },
      );
    }
  };
  return (path: string, ip: string, body: Body) => {
    if (!LIMITED_PATHS.has(path)) return;
    check(byIp.hit(`${path}:${ip}`));
    const email = typeof body.email === 'string' ? body.email.trim().toLowerCase() : '';
    if (isValidEmail(email)) check(byEmail.hit(`${path}:${email}`));
  };
}

const requireEmail = (body: Body) => {
  if (typeof body.email !== 'string' || !isValidEmail(body.email))
    throw badRequest(`email: ${INVALID_EMAIL_MESSAGE}`);
};

const requirePassword = (body: Body, field: 'password' | 'newPassword') => {
  const value = body[field];
  if (typeof value !== 'string') throw badRequest(`${field}: enter a password.`);
  const problem = passwordProblem(value);
  if (problem) throw badRequest(`${field}: ${problem}`, 'WeakPassword');
};

/**
 * Our field rules in front of better-auth, so every refusal is a 400 naming the field. Answers the body to
 * forward (the sign-up name trimmed, the time zone under better-auth's field name).
 */
export function checkAuthRequest(path: string, body: Body): Body {
  switch (path) {
    case '/sign-up/email': {
      requireEmail(body);
      requirePassword(body, 'password');
      const name = typeof body.name === 'string' ? normalizeFullName(body.name) : '';
      if (!name) throw badRequest('name: enter your full name.');
      if (name.length > 100) throw badRequest('name: use at most 100 characters.');
      const { timezone, ...rest } = body;
      const defaultTimezone = typeof timezone === 'string' && isKnownTimeZone(timezone) ? timezone : 'UTC';
      // After the verification link, land on the dashboard (the guard sends unverified people to /settings).
      const callbackURL = typeof body.callbackURL === 'string' ? body.callbackURL : '/dashboard';
      return { ...rest, email: String(body.email).trim(), name, defaultTimezone, callbackURL };
    }
    case '/sign-in/email':
      requireEmail(body);
      if (typeof body.password !== 'string' || body.password === '')
        throw badRequest('password: enter your password.');
      return body;
    case '/request-password-reset':
    case '/send-verification-email':
      requireEmail(body);
      return body;
    case '/reset-password':
      if (typeof body.token !== 'string' || body.token === '')
        throw badRequest('token: the reset link is incomplete.');
      requirePassword(body, 'newPassword');
      return body;
    case '/change-password':
      requirePassword(body, 'newPassword');
      return body;
    case '/change-email':
      if (typeof body.newEmail !== 'string' || !isValidEmail(body.newEmail)) {
        throw badRequest(`newEmail: ${INVALID_EMAIL_MESSAGE}`);
      }
      return body;
    default:
      return body;
  }
}

/** The demo account cannot change its password or e-mail, or delete itself. */
export const DEMO_FORBIDDEN_PATHS = new Set(['/change-password', '/change-email']);

/**
 * The better-auth endpoints the product uses, and nothing else (an allow-list, so a plugin's new endpoint
 * stays closed until we decide to serve it). Organizations, members, invitations and teams are served by
 * /api/organization* with our rules; profile changes and account deletion by /api/users.
 */
const OPEN_AUTH_ENDPOINTS: ReadonlyArray<{ method: 'GET' | 'POST'; path: string | RegExp }> = [
  { method: 'POST', path: '/sign-up/email' },
  { method: 'POST', path: '/sign-in/email' },
  { method: 'POST', path: '/sign-out' },
  // The web client asks it whether a cookie session (opened by a mailed link) exists: it reads only the
  // caller's own session, and a visitor's answer is a 200 with none.
  { method: 'GET', path: '/get-session' },
  { method: 'POST', path: '/send-verification-email' },
  { method: 'GET', path: '/verify-email' },
  { method: 'POST', path: '/request-password-reset' },
  // The mailed reset link: better-auth checks the token and redirects to the new-password screen.
  { method: 'GET', path: /^\/reset-password\/[^/]+$/ },
  { method: 'POST', path: '/reset-password' },
  { method: 'POST', path: '/change-password' },
  { method: 'POST', path: '/change-email' },
];

/** Is `path` (below /api/auth, already canonical) one of the endpoints the product uses? */
export function isOpenAuthEndpoint(method: string, path: string): boolean {
  return OPEN_AUTH_ENDPOINTS.some(
    (endpoint) =>
      endpoint.method === method &&
      (typeof endpoint.path === 'string' ? endpoint.path === path : endpoint.path.test(path)),
  );
}
