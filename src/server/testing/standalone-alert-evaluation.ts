import { resolveAuthSecret } from '../auth/auth-secret.ts';
import type { AppContext } from '../context.ts';
import { createAlertDelivery } from '../modules/alerts/alert-delivery.ts';
import { type AlertEvaluation, createAlertEvaluation } from '../modules/alerts/alert-evaluation.ts';
import { createAlertLinkTokens, createSecretBox } from '../modules/alerts/alert-link-tokens.ts';
import { createBillingService } from '../modules/billing/billing.service.ts';
import { createCostSlices } from '../modules/cost-data/cost-slices.service.ts';
import { createMailer } from '../modules/mail/mailer.ts';
import { createOrganizationsService } from '../modules/organizations/organizations.service.ts';
import type { IdleEc2Finding } from '../modules/recommendations/idle-findings.ts';

/**
 * The evaluation a scheduled pass runs, on an app's database but outside any worker, so a test can await
 * it and read its outcome. Deliveries go straight to the mail outbox (no queue); Slack is not connected.
 */
export function standaloneAlertEvaluation(
  context: AppContext,
  listIdleFindings: (organizationId: string) => Promise<IdleEc2Finding[]> = async () => [],
): AlertEvaluation {
  const { db } = context.database;
  const now = () => context.clock.now();
  const organizations = createOrganizationsService(db);
  const billing = createBillingService(context, organizations);
  const secret = resolveAuthSecret(context.config);
  return createAlertEvaluation({
    log: context.log,
    now,
    db,
    spend: createCostSlices(db),
    billing,
    delivery: createAlertDelivery({
      now,
      db,
      queue: undefined,
      mailer: createMailer(context),
      tokens: createAlertLinkTokens(secret, () => now().getTime()),
      secrets: createSecretBox(secret),
      organizations,
      billing,
      publicUrl: context.config.publicUrl,
      slack: { apiUrl: undefined },
      log: context.log,
    }),
    listIdleFindings,
  });
}
