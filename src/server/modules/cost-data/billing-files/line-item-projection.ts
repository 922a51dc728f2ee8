import type { CastColumn } from './source-columns.ts';
import type { StoredTags } from './stored-tags-sql.ts';

/**
 * How one reader turns a row of its format into one canonical line item: a SQL expression per
 * dimension and amount, over the columns of the source relation.
 */
export interface LineItemProjection {
  usageDate: string;
  /** The source column usageDate is read from, to point at a line item that lacks it. */
  usageStartColumn: string;
  billingPeriod: string;
  provider: string;
  billingAccountId: string;
  usageAccountId: string;
  usageAccountName: string;
  serviceCode: string;
  serviceName: string;
  region: string;
  usageType: string;
  chargeType: string;
  resourceId: string;
  currency: string;
  unblendedCost: string;
  amortizedCost: string;
  netCost: string;
  usageQuantity: string;
  /** The tags as stored (a map, a JSON text or columns): grouped on first, normalized afterwards. */
  tags: StoredTags;
  /** Text columns cast to numbers or timestamps: where to look for the bad value when a cast fails. */
  castColumns: CastColumn[];
}
