import { z } from 'zod';
import type { CommitmentEndInForecast } from '../domain/commitment-forecast.ts';

/**
 * A Savings Plan or reservation ending within a forecast's days (decisions 114 and 137): from its end the
 * usage it paid for costs On-Demand, and the forecast includes `extra_usd` for it (null when the bill does
 * not say the On-Demand cost; negative when the plan cost more than that usage).
 */
export const commitmentEndInForecast = z.object({
  commitment_id: z.string(),
  type: z.string(),
  ends_at: z.string(),
  ends_on: z.string(),
  extra_usd: z.number().nullable(),
});
export type CommitmentEndInForecastView = z.infer<typeof commitmentEndInForecast>;

/** The ends as a forecast's answer names them. */
export function commitmentEndViews(ends: readonly CommitmentEndInForecast[]): CommitmentEndInForecastView[] {
  return ends.map((end) => ({
    commitment_id: end.id,
    type: end.type,
    ends_at: end.endsAt,
    ends_on: end.endsOn,
    extra_usd: end.extra,
  }));
}
