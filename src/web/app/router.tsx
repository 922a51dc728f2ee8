import { createBrowserRouter, type RouteObject } from 'react-router';
import type { AlertLinkKind } from '../features/alert-links/components/alert-link-page.tsx';
import { SiteLayout } from './layouts/site-layout.tsx';
import { type LazyPage, lazyPage } from './lazy-page.ts';
import { RouteError } from './route-error.tsx';

const LandingPage = lazyPage(
  () => import('../features/marketing/components/landing-page.tsx'),
  'LandingPage',
);
const AboutPage = lazyPage(() => import('../features/marketing/components/about-page.tsx'), 'AboutPage');
const PrivacyPolicyPage = lazyPage(
  () => import('../features/marketing/components/privacy-policy-page.tsx'),
  'PrivacyPolicyPage',
);
const TermsPage = lazyPage(() => import('../features/marketing/components/terms-page.tsx'), 'TermsPage');
const BlogListPage = lazyPage(() => import('../features/blog/components/blog-list-page.tsx'), 'BlogListPage');
const BlogPostPage = lazyPage(() => import('../features/blog/components/blog-post-page.tsx'), 'BlogPostPage');
const SignInPage = lazyPage(() => import('../features/accounts/components/sign-in-page.tsx'), 'SignInPage');
const SignUpPage = lazyPage(() => import('../features/accounts/components/sign-up-page.tsx'), 'SignUpPage');
const ResetPasswordPage = lazyPage(
  () => import('../features/accounts/components/reset-password-page.tsx'),
  'ResetPasswordPage',
);
const SettingsPage = lazyPage(
  () => import('../features/accounts/components/settings-page.tsx'),
  'SettingsPage',
);
const ApiTokensPage = lazyPage(
  () => import('../features/api-tokens/components/api-tokens-page.tsx'),
  'ApiTokensPage',
);
const DashboardPage = lazyPage(
  () => import('../features/dashboard/components/dashboard-page.tsx'),
  'DashboardPage',
);
const LaunchesPage = lazyPage(
  () => import('../features/launches/components/launches-page.tsx'),
  'LaunchesPage',
);
const CommitmentsPage = lazyPage(
  () => import('../features/commitments/components/commitments-page.tsx'),
  'CommitmentsPage',
);
const ActionConfirmPage = lazyPage(
  () => import('../features/actions/components/action-confirm-page.tsx'),
  'ActionConfirmPage',
);
const ActionLogPage = lazyPage(
  () => import('../features/actions/components/action-log-page.tsx'),
  'ActionLogPage',
);
const IntegrationsPage = lazyPage(
  () => import('../features/integrations/components/integrations-page.tsx'),
  'IntegrationsPage',
);
const IntegrationSetupPage = lazyPage(
  () => import('../features/integrations/components/integration-setup-page.tsx'),
  'IntegrationSetupPage',
);
const ExistingStackPage = lazyPage(
  () => import('../features/integrations/components/existing-stack-page.tsx'),
  'ExistingStackPage',
);
const RecommendationsPage = lazyPage(
  () => import('../features/recommendations/components/recommendations-page.tsx'),
  'RecommendationsPage',
);
const NotificationsPage = lazyPage(
  () => import('../features/notifications/components/notifications-page.tsx'),
  'NotificationsPage',
);
const SlackSetupPage = lazyPage(
  () => import('../features/notifications/components/slack-setup-page.tsx'),
  'SlackSetupPage',
);
const SlackIntegratePage = lazyPage(
  () => import('../features/notifications/components/slack-integrate-page.tsx'),
  'SlackIntegratePage',
);
const OrganizationPage = lazyPage(
  () => import('../features/organization/components/organization-page.tsx'),
  'OrganizationPage',
);
const OrganizationMemberPage = lazyPage(
  () => import('../features/organization/components/organization-member-page.tsx'),
  'OrganizationMemberPage',
);
const TeamPage = lazyPage(() => import('../features/organization/components/team-page.tsx'), 'TeamPage');
const NewTeamPage = lazyPage(
  () => import('../features/organization/components/new-team-page.tsx'),
  'NewTeamPage',
);
const SubscriptionPage = lazyPage(
  () => import('../features/billing/components/subscription-page.tsx'),
  'SubscriptionPage',
);
const CreditsPage = lazyPage(() => import('../features/billing/components/credits-page.tsx'), 'CreditsPage');
const SupportInboxPage = lazyPage(
  () => import('../features/support-inbox/components/support-inbox-page.tsx'),
  'SupportInboxPage',
);
const AlertLinkPage = lazyPage(
  () => import('../features/alert-links/components/alert-link-page.tsx'),
  'AlertLinkPage',
);

const ALERT_LINK_KINDS: AlertLinkKind[] = [
  'confirmation',
  'unsubscribe',
  'threshold-confirmation',
  'idle-ec2-confirmation',
  'budget-alert-confirmation',
];

/**
 * Every route. Who may open which is decided by SiteLayout's guard (src/domain/route-access.ts);
 * any path not listed falls to `*`, which the guard redirects (/sign-in signed out, /dashboard signed in).
 */
export const routes: RouteObject[] = [
  {
    element: <SiteLayout />,
    errorElement: <RouteError />,
    children: [
      { path: '/', element: <LandingPage /> },
      { path: '/about', element: <AboutPage /> },
      { path: '/privacy-policy', element: <PrivacyPolicyPage />, handle: { privacy: true } },
      { path: '/terms-and-conditions', element: <TermsPage />, handle: { privacy: true } },
      { path: '/blog', element: <BlogListPage /> },
      { path: '/blog/:slug', element: <BlogPostPage /> },
      { path: '/sign-in', element: <SignInPage /> },
      { path: '/sign-up', element: <SignUpPage /> },
      { path: '/sign-in/reset', element: <ResetPasswordPage /> },
      { path: '/settings', element: <SettingsPage /> },
      { path: '/settings/api-tokens', element: <ApiTokensPage /> },
      { path: '/dashboard', element: <DashboardPage /> },
      { path: '/launches', element: <LaunchesPage /> },
      { path: '/commitments', element: <CommitmentsPage /> },
      { path: '/actions/confirm/:token', element: <ActionConfirmPage /> },
      { path: '/actions-log', element: <ActionLogPage /> },
      { path: '/aws-integration', element: <IntegrationsPage /> },
      { path: '/aws-integration/setup', element: <IntegrationSetupPage /> },
      { path: '/aws-integration/existing-stack', element: <ExistingStackPage /> },
      { path: '/ec2-rightsizing-recommendation', element: <RecommendationsPage /> },
      { path: '/notification', element: <NotificationsPage /> },
      { path: '/slack-setup', element: <SlackSetupPage /> },
      { path: '/slack-integrate', element: <SlackIntegratePage /> },
      { path: '/organization', element: <OrganizationPage /> },
      { path: '/organization-member/:slug', element: <OrganizationMemberPage /> },
      { path: '/teams/:slug', element: <TeamPage /> },
      { path: '/new-team', element: <NewTeamPage /> },
      { path: '/subscription', element: <SubscriptionPage /> },
      { path: '/credits', element: <CreditsPage /> },
      { path: '/support-inbox', element: <SupportInboxPage /> },
      ...ALERT_LINK_KINDS.map((kind) => ({
        path: `/${kind}/:token`,
        element: <AlertLinkPage kind={kind} />,
      })),
      { path: '*', element: null },
    ],
  },
];

export const createAppRouter = () => createBrowserRouter(routes);

/**
 * The pages the build renders to HTML (src/web/prerender.tsx), by path: the same for every visitor,
 * they paint before any script runs and are then hydrated (main.tsx), so the landing page paints its largest content early.
 */
export const PRERENDERED_PAGES: Record<string, LazyPage> = { '/': LandingPage };
