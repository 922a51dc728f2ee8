import { formatUsd as formatDollars } from '../../../lib/usd-format.ts';
/** How findings, labels and prices read on screen and in the CSV: short names and what they mean. */

import type { Ec2FindingKind, Ec2FindingLabel, PriceSource } from '../../../../contracts/recommendations.ts';

export const FINDING_NAMES: Record<Ec2FindingKind, string> = {
  idle: 'Idle',
  'over-provisioned': 'Over-provisioned',
  'under-provisioned': 'Under-provisioned',
  optimized: 'Optimized',
  'not-enough-data': 'Not enough data',
};

export const FINDING_COLORS: Record<Ec2FindingKind, string> = {
  idle: 'red',
  'over-provisioned': 'orange',
  'under-provisioned': 'grape',
  optimized: 'teal',
  'not-enough-data': 'gray',
};

export function findingMeaning(kind: Ec2FindingKind, percentile: number, target: number): string {
  const peak = `p${percentile}`;
  switch (kind) {
    case 'idle':
      return 'CPU at or under 10% and network at or under 5 MB on at least 4 of the last 14 days (AWS Trusted Advisor). Stopping it saves what it costs.';
    case 'over-provisioned':
      return `Its CPU peak (${peak} of hourly maxima over 14 days) fits a cheaper type, still under ${target}% with the memory it needs.`;
    case 'under-provisioned':
      return `Its CPU peak (${peak}) is above the ${target}% target: a larger type gives it room. This costs more.`;
    case 'optimized':
      return `No cheaper type of the same architecture keeps its CPU peak under ${target}% with the memory it needs.`;
    case 'not-enough-data':
      return 'Rightsizing needs 14 full days of CPU metrics for a type in the catalog; GPU types are sized by accelerator use, which is not collected.';
  }
}

export const LABEL_NAMES: Record<Ec2FindingLabel, string> = {
  'auto-scaling-group': 'Auto Scaling',
  stopped: 'Stopped',
  gpu: 'GPU',
};

export const LABEL_MEANINGS: Record<Ec2FindingLabel, string> = {
  'auto-scaling-group':
    'Launched by an Auto Scaling group: change the type in its launch template, not on the instance.',
  stopped:
    'Stopped: it bills no instance hours while stopped (its volumes still bill). Costs shown are for running.',
  gpu: 'GPU or accelerator type: never proposed for a CPU workload, and not resized by CPU alone.',
};

export const PRICE_SOURCE_NAMES: Record<PriceSource, string> = {
  billed: 'From your bill',
  'list-us-east-1': 'AWS list price',
  'pricing-api': 'AWS list price',
  'estimate-us-east-1': 'Estimate',
};

export function priceSourceMeaning(source: PriceSource, region: string): string {
  switch (source) {
    case 'billed':
      return 'What this instance cost on your bill over the last 14 days (amortized: Savings Plans and reservations applied), per hour, times 730 hours.';
    case 'list-us-east-1':
      return 'On-demand Linux list price in us-east-1, times 730 hours. No billing data mentions this instance yet.';
    case 'pricing-api':
      return `On-demand Linux list price in ${region} from the AWS Price List API, times 730 hours.`;
    case 'estimate-us-east-1':
      return `Estimate: the us-east-1 list price, because ${region}'s prices could not be read. Prices elsewhere often run 5-20% higher.`;
  }
}

export const formatUsd = (value: number | null) => (value === null ? '—' : formatDollars(value));
export const formatPercent = (value: number | null) =>
  value === null ? '—' : `${Number(value.toFixed(1))}%`;
export const formatGiB = (value: number | null) => (value === null ? '—' : `${Number(value.toFixed(1))} GiB`);
