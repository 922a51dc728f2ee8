/**
 * The most daily facts (as stored, decision 079) one run should bring into the embedded database
 * (PGlite): measured in bench/README.md, a run of 257,399 facts (5M line items, 30,000 resources) peaked
 * at 972 MB, near the 1 GB the embedded database is meant to stay under; PostgreSQL keeps the app at
 * 798 MB on the same run.
 */
export const EMBEDDED_DATABASE_FACTS_PER_RUN = 250_000;

/**
 * What the integration's card says when a tenant on the embedded database outgrew it: null on
 * PostgreSQL, or while the largest run the integration keeps is within the embedded database's size.
 */
export function embeddedDatabaseAdvice(
  database: 'pglite' | 'postgres',
  factsOfLargestRun: number,
): string | null {
  if (database !== 'pglite' || factsOfLargestRun <= EMBEDDED_DATABASE_FACTS_PER_RUN) return null;
  const facts = factsOfLargestRun.toLocaleString('en-US');
  const limit = EMBEDDED_DATABASE_FACTS_PER_RUN.toLocaleString('en-US');
  return (
    `This bill brought ${facts} daily facts in one run, more than the embedded database handles well ` +
    `(${limit}). Ask your operator to move Spendguard to PostgreSQL (DATABASE_URL) before the next months ` +
    'arrive: larger runs get slower and use more memory here.'
  );
}
