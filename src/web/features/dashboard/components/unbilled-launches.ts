import type { LaunchLedgerView } from '../../../../contracts/launch-events.ts';
import { ALL_TAG_VALUES, type SelectedTagValues } from '../../../../domain/billing-view.ts';
import { isAwsProvider } from '../../../../domain/cloud-providers.ts';
import { groupRunningLaunches, runsUnbilled } from '../../../lib/launch-groups.ts';

/** What the dashboard shows: one integration, its tag values, its providers (empty: every one). */
export interface LaunchesViewScope {
  integrationId: string;
  selectedTagValues: SelectedTagValues;
  providers: readonly string[];
}

/** Why the card's launches are more than the spend in view: another integration, tag values, clouds. */
export type LaunchesBeyondView = 'integration' | 'tags' | 'provider';

/**
 * Whether the launches the card shows (running, not yet billed) may belong to the spend in view, and
 * if not, why: some are another integration's, or the view is narrowed to tag values (CloudTrail
 * carries no tags) or to clouds other than AWS, as a budget so filtered gets no live run-rate.
 */
export function launchesBeyondView(
  ledger: LaunchLedgerView,
  view: LaunchesViewScope,
): LaunchesBeyondView | null {
  const shown = ledger.rows.filter(runsUnbilled);
  if (shown.some((row) => row.integration_id !== view.integrationId)) return 'integration';
  if (view.selectedTagValues !== ALL_TAG_VALUES) return 'tags';
  if (view.providers.length > 0 && !view.providers.some(isAwsProvider)) return 'provider';
  return null;
}

/**
 * What the launches card says running launches add to the month by its end, to name beside the bill's
 * forecast (decision 047); null when the card is not shown, or when the launches do not fit the view
 * (or it is not known yet).
 */
export function unbilledLaunchesFor(
  ledger: LaunchLedgerView | undefined,
  view: LaunchesViewScope | null,
): number | null {
  if (!ledger || !view || groupRunningLaunches(ledger.rows).length === 0) return null;
  return launchesBeyondView(ledger, view) === null ? ledger.summary.projected_month_end_usd : null;
}
