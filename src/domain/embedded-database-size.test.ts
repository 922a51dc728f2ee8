import { describe, expect, it } from 'vitest';
import { EMBEDDED_DATABASE_FACTS_PER_RUN, embeddedDatabaseAdvice } from './embedded-database-size.ts';

describe('when a tenant has outgrown the embedded database', () => {
  it('says so on the embedded database once one run brought more facts than it handles well', () => {
    const advice = embeddedDatabaseAdvice('pglite', EMBEDDED_DATABASE_FACTS_PER_RUN + 1);
    expect(advice).toContain('PostgreSQL (DATABASE_URL)');
    expect(advice).toContain((EMBEDDED_DATABASE_FACTS_PER_RUN + 1).toLocaleString('en-US'));
  });

  it('says nothing up to that size, nor on PostgreSQL whatever the size', () => {
    expect(embeddedDatabaseAdvice('pglite', EMBEDDED_DATABASE_FACTS_PER_RUN)).toBeNull();
    expect(embeddedDatabaseAdvice('postgres', EMBEDDED_DATABASE_FACTS_PER_RUN * 10)).toBeNull();
  });
});
