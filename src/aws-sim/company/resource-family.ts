import type { AccountKey, CompanyRegion } from './company-profile.ts';

/**
 * How a usage line moves over time: `fixed` for provisioned capacity billed by the hour,
 * `growing` for storage that follows the company's growth, `traffic` for request-driven usage
 * that also dips at weekends, `exact` for a resource that bills exactly its units every day (a
 * forgotten one: no spread between resources, no growth).
 */
export type Scaling = 'fixed' | 'growing' | 'traffic' | 'exact';

export interface UsageLine {
  /** Usage type without the region prefix (AWS adds e.g. 'EU-' outside us-east-1). */
  usageType: string;
  operation: string;
  usdPerUnit: number;
  /** Units a typical resource of the family uses per day at the anchor day. */
  unitsPerDay: number;
  scaling: Scaling;
}

export type ResourceIdFormat = (name: string, accountId: string, region: string) => string;

/** A group of similar resources of one service in one account and region. */
export interface ResourceFamily {
  productCode: string;
  productName: string;
  account: AccountKey;
  region: CompanyRegion;
  /** Global services (CloudFront, Route 53) bill without a region code or usage type prefix. */
  global?: boolean;
  names: string[];
  /** Without it, rows carry no resource id (account-level usage such as Config items). */
  resourceId?: ResourceIdFormat;
  usage: UsageLine[];
  team?: string;
  project?: string;
  /** Every n-th resource carries no tags at all (the untagged spend every company has). */
  untaggedEvery?: number;
}

export function numbered(prefix: string, count: number): string[] {
  return Array.from({ length: count }, (_, index) => `${prefix}-${String(index + 1).padStart(2, '0')}`);
}

export const ids = {
  arn:
    (service: string, resourceType: string, separator = '/'): ResourceIdFormat =>
    (name, accountId, region) =>
      `arn:aws:${service}:${region}:${accountId}:${resourceType}${separator}${name}`,
  globalArn:
    (service: string, resourceType: string): ResourceIdFormat =>
    (name, accountId) =>
      `arn:aws:${service}::${accountId}:${resourceType}/${name}`,
  name: (): ResourceIdFormat => (name) => name,
};
