import { resolveAuthSecret } from '../auth/auth-secret.ts';
import type { AppContext } from '../context.ts';
import { createAlertDelivery } from '../modules/alerts/alert-delivery.ts';
import { createAlertLinkTokens, createSecretBox } from '../modules/alerts/alert-link-tokens.ts';
import { createBillingService } from '../modules/billing/billing.service.ts';
import { createMailer } from '../modules/mail/mailer.ts';
import { createOrganizationsService } from '../modules/organizations/organizations.service.ts';

/**
 * The delivery module as a worker process builds it, a separate instance on the app's database that
 * delivers inline (no queue) on the app's clock, to Slack at the configured API address.
 */
export function inlineAlertDelivery(context: AppContext, options: { leaseMs?: number } = {}) {
  const organizations = createOrganizationsService(context.database.db);
  const secret = resolveAuthSecret(context.config);
  return createAlertDelivery({
    now: () => context.clock.now(),
    db: context.database.db,
    queue: undefined,
    mailer: createMailer(context),
    tokens: createAlertLinkTokens(secret, () => context.clock.now().getTime()),
    secrets: createSecretBox(secret),
    organizations,
    billing: createBillingService(context, organizations),
    publicUrl: context.config.publicUrl,
    slack: { apiUrl: context.config.alerts.slack.apiUrl },
    ...options,
    log: context.log,
  });
}
