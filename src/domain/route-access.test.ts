import { describe, expect, it } from 'vitest';
import {
  decideRouteAccess,
  normalizePath,
  showsBillingMenu,
  showsMainNavigation,
  type Viewer,
} from './route-access.ts';

const visitor: Viewer = { kind: 'visitor' };
const unverified: Viewer = { kind: 'signed-in', emailVerified: false, role: 'owner', isOwner: true };
const owner: Viewer = { kind: 'signed-in', emailVerified: true, role: 'owner', isOwner: true };
const admin: Viewer = { kind: 'signed-in', emailVerified: true, role: 'admin', isOwner: false };
const member: Viewer = { kind: 'signed-in', emailVerified: true, role: 'member', isOwner: false };

/** Screens that manage the organization (alerts, teams, integrations, billing): an owner's, not a member's. */
const MANAGEMENT_SCREENS = [
  '/notification',
  '/slack-setup',
  '/new-team',
  '/budget-alert-confirmation/t',
  '/aws-integration',
  '/aws-integration/setup',
  '/aws-integration/existing-stack',
  '/ec2-rightsizing-recommendation',
  '/subscription',
  '/credits',
  '/slack-integrate',
  '/actions-log',
];

const redirectOf = (path: string, viewer: Viewer) => {
  const access = decideRouteAccess(path, viewer);
  return access.allow ? null : access.redirectTo;
};

describe('a visitor', () => {
  it.each([
    '/',
    '/about',
    '/sign-up',
    '/sign-in',
    '/sign-in/reset',
    '/confirmation/abc',
    '/unsubscribe/abc',
    '/threshold-confirmation/abc',
    '/privacy-policy',
    '/terms-and-conditions',
    '/blog',
    '/blog/a-post',
  ])('may open the signed-out route %s', (path) => {
    expect(redirectOf(path, visitor)).toBeNull();
  });

  it.each([
    '/dashboard',
    '/launches',
    '/commitments',
    '/settings',
    '/idle-ec2-confirmation/abc',
    '/budget-alert-confirmation/abc',
    '/nope',
  ])('is sent to /sign-in from %s', (path) => {
    expect(redirectOf(path, visitor)).toBe('/sign-in');
  });
});

describe('a signed-in person with an unverified e-mail', () => {
  it('may open /settings', () => expect(redirectOf('/settings', unverified)).toBeNull());
  it.each(['/dashboard', '/', '/organization', '/privacy-policy', '/random'])(
    'is confined to /settings from %s',
    (path) => {
      expect(redirectOf(path, unverified)).toBe('/settings');
    },
  );
  it('sees no main navigation', () => expect(showsMainNavigation(unverified)).toBe(false));
  it('sees no Billing item', () => expect(showsBillingMenu(unverified)).toBe(false));
});

describe('a verified owner', () => {
  it.each([
    '/dashboard',
    '/launches',
    '/commitments',
    '/organization',
    '/organization-member/jane',
    '/teams/platform',
    '/settings',
    '/blog',
    ...MANAGEMENT_SCREENS,
  ])('may open %s', (path) => {
    expect(redirectOf(path, owner)).toBeNull();
  });
  it.each(['/', '/sign-in', '/sign-up', '/about', '/whatever'])('goes to /dashboard from %s', (path) => {
    expect(redirectOf(path, owner)).toBe('/dashboard');
  });
  it('sees Billing in the user menu', () => expect(showsBillingMenu(owner)).toBe(true));
});

describe('a member (kept exactly)', () => {
  it.each([
    ...MANAGEMENT_SCREENS,
    '/confirmation/t',
    '/unsubscribe/t',
    '/threshold-confirmation/t',
    '/idle-ec2-confirmation/t',
    '/privacy-policy',
    '/terms-and-conditions',
  ])('is sent to /dashboard from %s', (path) => {
    expect(redirectOf(path, member)).toBe('/dashboard');
  });
  it.each([
    '/dashboard',
    '/launches',
    '/commitments',
    '/organization',
    '/organization-member/x',
    '/teams/x',
    '/settings',
  ])('may open %s', (path) => {
    expect(redirectOf(path, member)).toBeNull();
  });
});

describe('an admin who does not pay', () => {
  it('manages integrations and alerts', () => {
    expect(redirectOf('/aws-integration', admin)).toBeNull();
    expect(redirectOf('/notification', admin)).toBeNull();
  });
  it('does not see the billing screens of the owner', () => {
    expect(redirectOf('/subscription', admin)).toBe('/dashboard');
    expect(redirectOf('/credits', admin)).toBe('/dashboard');
    expect(showsBillingMenu(admin)).toBe(false);
  });
});

it('ignores a trailing slash', () => {
  expect(redirectOf('/about/', visitor)).toBeNull();
});

describe('the support inbox', () => {
  const agent: Viewer = {
    kind: 'signed-in',
    emailVerified: true,
    role: 'member',
    isOwner: false,
    isSupportStaff: true,
  };
  const unverifiedAgent: Viewer = { ...agent, emailVerified: false };

  it('opens for support staff with a verified e-mail, whatever their organization role', () => {
    expect(redirectOf('/support-inbox', agent)).toBeNull();
  });

  it('sends everyone else to the dashboard, sign-in or settings', () => {
    expect(redirectOf('/support-inbox', owner)).toBe('/dashboard');
    expect(redirectOf('/support-inbox', visitor)).toBe('/sign-in');
    expect(redirectOf('/support-inbox', unverifiedAgent)).toBe('/settings');
  });
});

describe('acting on resources', () => {
  it('opens a mail confirmation link for every role (the server decides who may approve), and the log for owners and admins', () => {
    for (const viewer of [owner, admin, member])
      expect(redirectOf('/actions/confirm/abc.def.ghi', viewer)).toBeNull();
    expect(redirectOf('/actions-log', owner)).toBeNull();
    expect(redirectOf('/actions-log', admin)).toBeNull();
    expect(redirectOf('/actions-log', member)).toBe('/dashboard');
    expect(redirectOf('/actions/confirm/abc', visitor)).toBe('/sign-in');
  });
});

describe('normalizePath', () => {
  it('drops trailing slashes, keeping the root', () => {
    expect(normalizePath('/dashboard///')).toBe('/dashboard');
    expect(normalizePath('///')).toBe('/');
    expect(normalizePath('/a//b')).toBe('/a//b');
  });

  it('reads a path of many slashes not ending in one once, not from each slash', () => {
    // With /\/+$/ each of the 16,000 slashes started a match that failed at the b: ~100 ms a request.
    const path = `/a${'/'.repeat(16_000)}b`;
    expect(normalizePath(path)).toBe(path);
  });
});
