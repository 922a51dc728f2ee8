/**
 * Who may open which screen. Pure: the web router asks `decideRouteAccess` on every
 * navigation and follows the redirect it answers.
 */

export type Viewer =
  | { kind: 'loading' }
  | { kind: 'visitor' }
  | { kind: 'signed-in'; emailVerified: boolean; role: string; isOwner: boolean; isSupportStaff?: boolean };

export type RouteAccess = { allow: true } | { allow: false; redirectTo: string };

const TOKEN_ROUTES = [
  'confirmation',
  'unsubscribe',
  'threshold-confirmation',
  'idle-ec2-confirmation',
  'budget-alert-confirmation',
];

/** Signed-out routes. */
const VISITOR_PATTERNS: RegExp[] = [
  /^\/$/,
  /^\/about$/,
  /^\/sign-up$/,
  /^\/sign-in$/,
  /^\/sign-in\/reset$/,
  /^\/confirmation\/[^/]+$/,
  /^\/unsubscribe\/[^/]+$/,
  /^\/threshold-confirmation\/[^/]+$/,
  /^\/privacy-policy$/,
  /^\/terms-and-conditions$/,
  /^\/blog(\/[^/]+)?$/,
];

/** Signed-in routes with a verified e-mail. */
const MEMBER_PATTERNS: RegExp[] = [
  /^\/dashboard$/,
  /^\/launches$/,
  /^\/commitments$/,
  /^\/notification$/,
  /^\/slack-setup$/,
  /^\/organization$/,
  /^\/organization-member\/[^/]+$/,
  /^\/teams\/[^/]+$/,
  /^\/new-team$/,
  ...TOKEN_ROUTES.map((route) => new RegExp(`^/${route}/[^/]+$`)),
  /^\/privacy-policy$/,
  /^\/terms-and-conditions$/,
  /^\/aws-integration$/,
  /^\/aws-integration\/setup$/,
  /^\/aws-integration\/existing-stack$/,
  /^\/ec2-rightsizing-recommendation$/,
  /^\/subscription$/,
  /^\/credits$/,
  /^\/slack-integrate$/,
  /^\/blog(\/[^/]+)?$/,
  /^\/settings$/,
  /^\/settings\/api-tokens$/,
  /^\/support-inbox$/,
  /^\/actions\/confirm\/[^/]+$/,
  /^\/actions-log$/,
];

/** Role `member` goes back to the dashboard from these. */
const MEMBER_DENIED: RegExp[] = [
  /^\/notification$/,
  /^\/slack-setup$/,
  /^\/new-team$/,
  ...TOKEN_ROUTES.map((route) => new RegExp(`^/${route}/[^/]+$`)),
  /^\/privacy-policy$/,
  /^\/terms-and-conditions$/,
];

/** Managing integrations, recommendations, Slack and billing is not for members. */
const MANAGEMENT_ROUTES: RegExp[] = [
  /^\/aws-integration(\/setup|\/existing-stack)?$/,
  /^\/ec2-rightsizing-recommendation$/,
  /^\/subscription$/,
  /^\/credits$/,
  /^\/slack-integrate$/,
  /^\/actions-log$/,
];

/** Answering the live chat is for Spendguard's support staff (the platform role 'support'). */
const SUPPORT_ONLY: RegExp[] = [/^\/support-inbox$/];

/** Billing belongs to the organization's owner, the one who pays (the user record's stripe_customer_id). */
const OWNER_ONLY: RegExp[] = [/^\/subscription$/, /^\/credits$/];

const matches = (patterns: RegExp[], path: string) => patterns.some((pattern) => pattern.test(path));

/** The path without trailing slashes ('/' for none left), in one pass: a regex from each slash is quadratic. */
export function normalizePath(path: string): string {
  let end = path.length;
  while (end > 0 && path.charCodeAt(end - 1) === 47) end -= 1;
  return end === 0 ? '/' : path.slice(0, end);
}

export function decideRouteAccess(rawPath: string, viewer: Viewer): RouteAccess {
  const path = normalizePath(rawPath);
  if (viewer.kind === 'loading') return { allow: true };
  if (viewer.kind === 'visitor') {
    return matches(VISITOR_PATTERNS, path) ? { allow: true } : { allow: false, redirectTo: '/sign-in' };
  }
  if (!viewer.emailVerified) {
    return path === '/settings' ? { allow: true } : { allow: false, redirectTo: '/settings' };
  }
  if (!matches(MEMBER_PATTERNS, path)) return { allow: false, redirectTo: '/dashboard' };
  if (!viewer.isSupportStaff && matches(SUPPORT_ONLY, path))
    return { allow: false, redirectTo: '/dashboard' };
  if (viewer.role === 'member' && (matches(MEMBER_DENIED, path) || matches(MANAGEMENT_ROUTES, path))) {
    return { allow: false, redirectTo: '/dashboard' };
  }
  if (!viewer.isOwner && matches(OWNER_ONLY, path)) return { allow: false, redirectTo: '/dashboard' };
  return { allow: true };
}

/** Header: the main navigation shows only with a verified e-mail. */
export function showsMainNavigation(viewer: Viewer): boolean {
  return viewer.kind === 'signed-in' && viewer.emailVerified;
}

/** User menu: Billing only with a verified e-mail, and only for the owner who pays. */
export function showsBillingMenu(viewer: Viewer): boolean {
  return viewer.kind === 'signed-in' && viewer.emailVerified && viewer.isOwner;
}
