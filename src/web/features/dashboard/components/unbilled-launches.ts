import type { LaunchLedgerView } from '../../../../contracts/launch-events.ts';
import { ALL_TAG_VALUES, type SelectedTagValues } from '../../../../domain/billing-view.ts';
import { isAwsProvider } from '../../../../domain/cloud-providers.ts';
import { groupRunningLaunches } from '../../../lib/launch-groups.ts';

/** What the dashboard shows: one integration, its tag values, its providers (empty: every one). */
export interface LaunchesViewScope {
  integrationId: string;
  selectedTagValues: SelectedTagValues;
  providers: readonly string[];
}

/**
 * What the launches card says running launches add to the month by its end, to name beside the bill's
 * forecast (decision 047); null when the card is not shown, or when the launches may not belong to the
 * spend in view: another integration's, or a view narrowed to tag values (CloudTrail carries no tags)
 * or to clouds other than AWS, as a budget so filtered gets no live run-rate.
 */
export function unbilledLaunchesFor(
  ledger: LaunchLedgerView | undefined,
  view: LaunchesViewScope,
): number | null {
  if (!ledger || groupRunningLaunches(ledger.rows).length === 0) return null;
  if (ledger.rows.some((row) => row.integration_id !== view.integrationId)) return null;
  if (view.selectedTagValues !== ALL_TAG_VALUES) return null;
  if (view.providers.length > 0 && !view.providers.some(isAwsProvider)) return null;
  return ledger.summary.projected_month_end_usd;
}
