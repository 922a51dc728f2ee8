/**
 * GET /api/billing-data as the dashboard first asks it for the person: the default integration, no tag
 * split, billed (not amortized) cost; `params` add the dates and replace any of these.
 */
export function billingDataPath(userId: string, params: Record<string, string>): string {
  const query = new URLSearchParams({
    user_id: userId,
    integration: 'default',
    tag_key: 'all',
    selected_tag_values: 'All',
    is_amortized: 'false',
    ...params,
  });
  return `/api/billing-data?${query}`;
}
