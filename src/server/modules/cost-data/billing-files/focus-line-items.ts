import type { BillingFileSource } from './billing-file-source.ts';
import { focusColumnKey } from './column-names.ts';
import type { LineItemProjection } from './line-item-projection.ts';
import { SourceColumns } from './source-columns.ts';
import { jsonTextTags, mapTags, type StoredTags, tagColumns } from './stored-tags-sql.ts';

/**
 * FOCUS 1.0-1.2 from any provider. BilledCost is what was invoiced (unblended and net), EffectiveCost
 * spreads commitments over the usage they cover (amortized). AWS's FOCUS export adds x_ServiceCode and
 * x_UsageType; other providers only name the service.
 */
export function focusLineItemProjection(source: BillingFileSource): LineItemProjection {
  const columns = new SourceColumns(source.columns, focusColumnKey);
  const usageDate = columns.utcDate('ChargePeriodStart') ?? 'CAST(NULL AS DATE)';
  const periodStart = columns.utcDate('BillingPeriodStart');
  const billedCost = `coalesce(${columns.money('BilledCost')}, 0)`;
  const chargeCategory = columns.text(['ChargeCategory']);
  return {
    usageDate,
    // A line item without its period (a missing column or cell) belongs to the month it was used in.
    billingPeriod: `CAST(date_trunc('month', coalesce(${periodStart ?? 'NULL'}, ${usageDate})) AS DATE)`,
    usageStartColumn: columns.find('ChargePeriodStart')?.name ?? 'ChargePeriodStart',
    provider: columns.text(['ProviderName', 'ServiceProviderName'], `'Unknown'`),
    billingAccountId: columns.text(['BillingAccountId']),
    usageAccountId: columns.text(['SubAccountId']),
    usageAccountName: columns.nullableText(['SubAccountName']),
    serviceCode: columns.text(['x_ServiceCode', 'ServiceName']),
    serviceName: columns.text(['ServiceName', 'x_ServiceCode']),
    region: `coalesce(nullif(${columns.nullableText(['RegionId', 'RegionName'])}, 'global'), '')`,
    usageType: columns.text(['x_UsageType']),
    // Exports drift in casing ('usage', 'USAGE'): the dimension is always 'Usage'.
    chargeType: `upper(left(${chargeCategory}, 1)) || lower(substr(${chargeCategory}, 2))`,
    resourceId: columns.nullableText(['ResourceId']),
    currency: `upper(${columns.text(['BillingCurrency'], `'USD'`)})`,
    unblendedCost: billedCost,
    amortizedCost: `coalesce(${columns.money('EffectiveCost')}, 0)`,
    netCost: billedCost,
    usageQuantity: `coalesce(${columns.money('ConsumedQuantity')}, 0)`,
    tags: focusTags(columns),
    castColumns: columns.castColumns,
  };
}

function focusTags(columns: SourceColumns): StoredTags {
  const tags = columns.find('Tags');
  if (!tags) return tagColumns([]);
  return tags.type.startsWith('MAP') ? mapTags(tags.name) : jsonTextTags(tags.name);
}
