import type { Kysely } from 'kysely';
import type { CostFilter } from '../../../contracts/alerts.ts';
import type { IsoDay } from '../../../domain/calendar-days.ts';
import type { DatabaseSchema } from '../../db/schema.ts';
import type { BudgetCommitmentEnds } from '../commitments/commitment-budget-ends.ts';
import type { NewNotification } from './alert-outbox.repository.ts';
import type { SpendReader, SpendSource } from './alert-spend.ts';
import type { LiveLedgerView } from './live-ledger-source.ts';

/**
 * What one evaluation of one organization shares between its budgets and rules: the day judged,
 * spend read once per window, and every dedupe key already fired.
 */
export interface EvaluationPass {
  db: Kysely<DatabaseSchema>;
  organizationId: string;
  asOf: IsoDay;
  /** Today (UTC) and the moment of the pass, on the injected clock (decision 078). */
  today: IsoDay;
  now: Date;
  read: SpendReader;
  spend: SpendSource;
  fired: ReadonlySet<string>;
  /** What runs now after the bill data: budgets' forecasts add it, labelled apart. */
  live: LiveLedgerView;
  /** Commitments ending within a budget's period: its forecast adds their usage On-Demand (decision 137). */
  commitmentEnds?: BudgetCommitmentEnds;
}

/** The accounts and tag a budget or rule watches, as its notification records them. */
export function watched(filter: CostFilter): Pick<NewNotification, 'accountIds' | 'details'> {
  return { accountIds: filter.account_ids, details: { tag: filter.tag } };
}
