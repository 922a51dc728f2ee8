/**
 * Every TanStack Query key of the web client. A key that names the same server data is one entry here,
 * so a mutation's invalidation reaches every screen that shows that data. Keys are nested from broad to
 * narrow: invalidating `all` reaches every narrower key below it (TanStack Query matches by prefix).
 */
export const queryKeys = {
  /** GET users/me, the signed-in person. */
  session: ['session'],

  integrations: {
    all: ['integrations'],
    list: ['integrations', 'list'],
    setupKit: (input: { externalId?: string; withExport: boolean }) => ['integrations', 'setup-kit', input],
    /** GET integrations/:id/month-parts, read again as each run of the integration ends (`runState`). */
    monthParts: (integrationId: string, runState: string) => [
      'integrations',
      'month-parts',
      integrationId,
      runState,
    ],
  },

  /** GET launch-ledger, per filter set: the dashboard card reads `{ status: 'running' }`. */
  launchLedger: {
    all: ['launch-ledger'],
    list: (filters: object) => ['launch-ledger', 'list', filters],
  },
  /** GET commitments, per filter set: Savings Plans and reservations from the bill. */
  commitments: {
    all: ['commitments'],
    list: (filters: object) => ['commitments', 'list', filters],
  },
  /** GET action-log: the audit log of actions on resources. */
  actionLog: ['action-log'],
  /** GET action-links/:token: the proposal a mail's confirmation link opens. */
  actionLink: (token: string) => ['action-links', token],
  /** GET usage-meter: metered usage (NAT gateway GB) and each integration's meter. */
  usageMeter: {
    all: ['usage-meter'],
    integration: (integrationId: string) => ['usage-meter', integrationId],
  },
  /** GET launch-events/status: whether each integration's launch events arrive. */
  launchEventsStatus: ['launch-events', 'status'],
  /** GET integrations/:id/launch-events/rejections: the messages that were not launch events. */
  launchEventRejections: (integrationId: string) => ['launch-events', 'rejections', integrationId],

  billingData: {
    all: ['billing-data'],
    view: (userId: string | undefined, view: object) => ['billing-data', userId, view],
  },

  /** The one list of every kind; EC2 actions change it too, so it sits under the same root. */
  recommendationList: {
    root: ['recommendations'],
    all: ['recommendations', 'list'],
    list: (filters: object) => ['recommendations', 'list', filters],
  },
  ec2Findings: {
    all: ['recommendations', 'ec2'],
    list: (filters: object) => ['recommendations', 'ec2', 'list', filters],
    detail: (id: string) => ['recommendations', 'ec2', 'detail', id],
  },

  billing: {
    subscription: ['billing', 'subscription'],
    credits: ['billing', 'credits'],
    invoices: ['billing', 'invoices'],
  },

  budgets: ['budgets'],
  alertRules: ['alert-rules'],
  notifications: ['notifications'],
  notificationPreferences: ['notification-preferences'],
  /** The person's digest as it would be mailed now (decision 113). */
  digestPreview: (period: 'daily' | 'weekly') => ['notification-preferences', 'digest-preview', period],
  slack: ['slack'],
  /** GET webhooks and each endpoint's delivery log (decision 058). */
  webhookEndpoints: {
    all: ['webhook-endpoints'],
    list: ['webhook-endpoints', 'list'],
    deliveries: (endpointId: string) => ['webhook-endpoints', 'deliveries', endpointId],
  },
  alertLink: (kind: string, token: string) => ['alert-link', kind, token],

  organization: ['organization'],
  /** GET api-tokens and its audit log: a creation or revocation refreshes both. */
  apiTokens: {
    all: ['api-tokens'],
    list: ['api-tokens', 'list'],
    events: ['api-tokens', 'events'],
  },
  myOrganizations: ['organizations', 'mine'],
  costScope: ['cost-scope'],
  invitations: ['organization-invitations'],
  invitation: (code: string | null) => ['invitation', code],
  teams: ['teams'],
  teamUsers: {
    all: ['team-users'],
    ofTeam: (slug: string) => ['team-users', slug],
  },
  teamSpend: (slug: string) => ['team-spend', slug],
  organizationMember: {
    all: ['organization-member'],
    bySlug: (slug: string) => ['organization-member', slug],
  },

  supportConversations: {
    all: ['support-conversations'],
    withStatus: (status: string) => ['support-conversations', status],
  },
  supportMessages: {
    all: ['support-messages'],
    ofConversation: (conversationId: string) => ['support-messages', conversationId],
  },
  /** The help widget's messages, per chat identity (`user:<id>` or `visitor`). */
  chatMessages: (identityKey: string) => ['chat-messages', identityKey],
  schedule: {
    all: ['pm-schedule'],
    forPerson: (personKey: string) => ['pm-schedule', personKey],
  },
} as const;
