/** The shapes a billing file is reduced to. Amounts are exact decimal strings, never JS numbers. */

export type BillingFileFormat = 'cur-legacy-csv' | 'cur-athena' | 'cur2' | 'focus';

/** How the bytes are stored, told apart by their magic bytes rather than the file name. */
export type BillingFileContainer = 'csv' | 'csv.gz' | 'parquet';

export interface DailyCostFact {
  /** 'YYYY-MM-DD', the UTC day the line item's usage started. */
  usageDate: string;
  /** 'YYYY-MM-01', the billing period (month) the line item belongs to. */
  billingPeriod: string;
  /** 'AWS' for CUR; the FOCUS ProviderName otherwise ('Microsoft', 'Oracle', ...). */
  provider: string;
  billingAccountId: string;
  usageAccountId: string;
  usageAccountName: string | null;
  serviceCode: string;
  serviceName: string;
  region: string;
  usageType: string;
  chargeType: string;
  resourceId: string | null;
  tags: Record<string, string>;
  currency: string;
  unblendedCost: string;
  amortizedCost: string;
  netCost: string;
  usageQuantity: string;
  lineItems: number;
}

/** One resource's cost in one billing period and usage type: what the bill says each resource cost. */
export interface MonthlyResourceCost {
  /** 'YYYY-MM-01'. */
  billingPeriod: string;
  provider: string;
  usageAccountId: string;
  serviceCode: string;
  serviceName: string;
  region: string;
  usageType: string;
  resourceId: string;
  currency: string;
  unblendedCost: string;
  amortizedCost: string;
  netCost: string;
  usageQuantity: string;
  lineItems: number;
}

export interface BillingFileCurrency {
  currency: string;
  /** Spend in another currency than USD is not converted: the ingest must say so. */
  nonUsd: boolean;
  unblendedCost: string;
}

export interface BillingFileSummary {
  format: BillingFileFormat;
  container: BillingFileContainer;
  lineItems: number;
  facts: number;
  /** 'YYYY-MM-01' of every billing period present, ascending. */
  billingPeriods: string[];
  firstUsageDate: string;
  lastUsageDate: string;
  days: number;
  providers: string[];
  /** Unblended spend per provider, in the order of `providers` (the run notes name them). */
  providerCosts: Array<{ provider: string; unblendedCost: string }>;
  currencies: BillingFileCurrency[];
  totalUnblendedCost: string;
  totalAmortizedCost: string;
  totalNetCost: string;
}

export interface BillingFileProgress {
  /** 'scanning' while DuckDB reduces line items, 'emitting' while facts are handed over. */
  stage: 'scanning' | 'emitting';
  percent: number;
  /** Line items scanned so far, estimated from DuckDB's progress when the total is known. */
  rowsScanned: number | null;
  /** Line items in the file when the container tells (Parquet metadata), otherwise null. */
  totalRows: number | null;
  factsEmitted: number;
  totalFacts: number | null;
  /** While scanning: the days of the month the statement groups (decision 116). */
  days?: { firstDay: number; lastDay: number };
}

/** A Savings Plan or a reservation as one billing period of a bill describes it (decision 098). */
export interface BillCommitment {
  /** 'YYYY-MM-01'. */
  billingPeriod: string;
  /** The Savings Plan's or reservation's ARN (FOCUS: CommitmentDiscountId). */
  commitmentId: string;
  kind: 'savings-plan' | 'reservation';
  /** A Savings Plan's offering type ('ComputeSavingsPlans'), a reservation's service ('AmazonRDS'). */
  offering: string;
  ownerAccountId: string;
  region: string;
  instanceFamily: string;
  /** As the bill writes them ('1yr', 'No Upfront'); '' when it does not say. */
  term: string;
  paymentOption: string;
  /** Exact decimals, null when the bill does not say. */
  hourlyCommitment: string | null;
  reservedCount: string | null;
  /** ISO instants, null when the bill does not say. */
  startsAt: string | null;
  endsAt: string | null;
  /** The unused fee the bill reports once for the period (a reservation's RIFee line), exact. */
  periodUnusedCommitment: string;
}

/**
 * One day, usage account and commitment (commitmentId '' : eligible usage no commitment paid for, per
 * kind). Amounts are exact decimal strings; coveredOnDemandCost null when the bill does not carry it.
 */
export interface CommitmentDay {
  billingPeriod: string;
  usageDate: string;
  usageAccountId: string;
  kind: 'savings-plan' | 'reservation';
  commitmentId: string;
  totalCommitment: string;
  usedCommitment: string;
  coveredOnDemandCost: string | null;
  coveredHours: string;
  uncoveredOnDemandCost: string;
  uncoveredHours: string;
}

/** A commitment day of the usage lines that carry one tag set (decision 142): the set as canonical JSON text. */
export interface CommitmentTagDay extends CommitmentDay {
  tags: string;
}

export interface BillCommitments {
  commitments: BillCommitment[];
  days: CommitmentDay[];
  tagDays: CommitmentTagDay[];
  /** The tag-set days counted and left out past their bound (decision 142); 0 when all were kept. */
  tagDaysLeftOut: number;
  /** What the person should know of this read: tag-set days left out past their bound (decision 142). */
  notes: string[];
}
