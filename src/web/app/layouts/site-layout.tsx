import { Box } from '@mantine/core';
import { lazy, Suspense, useSyncExternalStore } from 'react';
import { Navigate, Outlet, useLocation, useMatches } from 'react-router';
import { decideRouteAccess, normalizePath, showsMainNavigation } from '../../../domain/route-access.ts';
import { FullScreenSpinner } from '../../components/full-screen-spinner.tsx';
import { SubscriptionBanner } from '../../features/billing/components/subscription-banner.tsx';
import type { HelpWidgetPerson } from '../../features/help-widget/components/help-widget.tsx';
import { useSession } from '../../lib/session.tsx';
import { readSessionToken } from '../../lib/session-token.ts';
import { EarlyClickReplay } from '../early-clicks.ts';
import { withChunkTimeout } from '../lazy-page.ts';
import { PageViewReporter } from '../page-view-reporter.tsx';
import { ScrollToTop } from '../scroll-to-top.tsx';
import { SessionLoadError } from '../session-load-error.tsx';
import { SiteFooter } from './site-footer.tsx';
import { SiteHeader } from './site-header.tsx';

interface RouteHandle {
  privacy?: boolean;
}

/**
 * Where a visitor was going when sent to sign in (e.g. an invitation link to /organization?invitation=…); once
 * signed in they land there instead of the default, when their access allows it.
 */
function returnTarget(state: unknown): string | undefined {
  const returnTo = (state as { returnTo?: unknown } | null)?.returnTo;
  return typeof returnTo === 'string' && returnTo.startsWith('/') ? returnTo : undefined;
}

/** The help widget (chat, booking) arrives just after the page: it is not needed for the first paint. */
const HelpWidget = lazy(() =>
  withChunkTimeout(() => import('../../features/help-widget/components/help-widget.tsx')).then((module) => ({
    default: module.HelpWidget,
  })),
);

function helpWidgetPerson(user: ReturnType<typeof useSession>['user']): HelpWidgetPerson {
  if (!user) return { kind: 'visitor' };
  return { kind: 'signed-in', userId: user.user_id, isDemo: user.is_demo, timeZone: user.default_timezone };
}

/** The public pages whose content is the same for everyone: the landing page, about, legal and blog. */
const STATIC_PAGES = [
  /^\/$/,
  /^\/about$/,
  /^\/privacy-policy$/,
  /^\/terms-and-conditions$/,
  /^\/blog(\/[^/]+)?$/,
];

/**
 * Without a stored token a static page shows at once rather than after the session check, which a busy
 * server once took more than ten seconds to answer. A person signed in only by a mailed link's cookie
 * sees the visitor's page until the check answers, then their own header (or the dashboard).
 */
const showsBeforeSession = (pathname: string, tokenStored: boolean) =>
  !tokenStored && STATIC_PAGES.some((page) => page.test(normalizePath(pathname)));

const noSubscription = () => () => {};
const isTokenStored = () => readSessionToken() !== null;
/**
 * Whether a session token is stored. While React takes over the page the build rendered, the answer is
 * the build's: none (main.tsx hydrates only then). A token stored after main.tsx chose to hydrate (a
 * sign-in in another tab while the page's chunk loads) must not turn that first render into a spinner
 * that mismatches the page on screen; React reads the store again right after and renders with it.
 */
const useTokenStored = () => useSyncExternalStore(noSubscription, isTokenStored, () => false);

/** Every screen: the guard, then header, the page, footer, and the help widget. */
export function SiteLayout() {
  const { state, viewer, user, refresh } = useSession();
  const tokenStored = useTokenStored();
  const location = useLocation();
  const privacy = useMatches().some((match) => (match.handle as RouteHandle | undefined)?.privacy);

  if (state.status === 'rejected') return <SessionLoadError message={state.error} onRetry={refresh} />;
  if (viewer.kind === 'loading' && !showsBeforeSession(location.pathname, tokenStored))
    return <FullScreenSpinner />;
  const access = decideRouteAccess(location.pathname, viewer);
  if (!access.allow) {
    const returnTo = returnTarget(location.state);
    if (
      viewer.kind === 'signed-in' &&
      returnTo &&
      decideRouteAccess(returnTo.split('?')[0] ?? '', viewer).allow
    ) {
      return <Navigate to={returnTo} replace />;
    }
    const state = viewer.kind === 'visitor' ? { returnTo: location.pathname + location.search } : undefined;
    return <Navigate to={access.redirectTo} replace state={state} />;
  }

  return (
    <Box mih="100vh" style={{ display: 'flex', flexDirection: 'column' }}>
      <ScrollToTop />
      <PageViewReporter />
      <SiteHeader privacy={privacy && viewer.kind !== 'signed-in'} />
      <Box component="main" style={{ flex: 1 }}>
        <SubscriptionBanner enabled={showsMainNavigation(viewer)} />
        <Suspense fallback={<FullScreenSpinner />}>
          <EarlyClickReplay />
          <Outlet />
        </Suspense>
      </Box>
      <SiteFooter />
      {viewer.kind !== 'loading' && (
        <Suspense fallback={null}>
          <HelpWidget person={helpWidgetPerson(user)} />
        </Suspense>
      )}
    </Box>
  );
}
