import type { Kysely } from 'kysely';
import type { DatabaseSchema } from '../../db/schema.ts';

export interface StoredPriceList {
  prices: Map<string, number>;
  fetchedAt: Date;
}

export async function readPriceList(
  db: Kysely<DatabaseSchema>,
  region: string,
): Promise<StoredPriceList | undefined> {
  const row = await db
    .selectFrom('ec2_price_lists')
    .select(['prices', 'fetched_at'])
    .where('region', '=', region)
    .executeTakeFirst();
  if (!row) return undefined;
  return {
    prices: new Map(Object.entries(row.prices as Record<string, number>)),
    fetchedAt: row.fetched_at,
  };
}

export async function savePriceList(
  db: Kysely<DatabaseSchema>,
  region: string,
  prices: Map<string, number>,
  fetchedAt: Date,
): Promise<void> {
  const values = { region, prices: JSON.stringify(Object.fromEntries(prices)), fetched_at: fetchedAt };
  await db
    .insertInto('ec2_price_lists')
    .values(values)
    .onConflict((conflict) =>
      conflict.column('region').doUpdateSet({ prices: values.prices, fetched_at: values.fetched_at }),
    )
    .execute();
}
