/**
 * Stages each batch while the next one is read: DuckDB fetches and the database writes at the same
 * time (on PostgreSQL the database is another process, so both cores work). One batch is in the
 * database at a time, so memory holds at most two batches. A failure on either side ends the loop
 * and is thrown once the other side has stopped (decision 061).
 */
export async function stageWhileReading<T>(
  batches: AsyncIterable<T>,
  stage: (batch: T) => Promise<void>,
): Promise<void> {
  let staging: Promise<void> | null = null;
  try {
    for await (const batch of batches) {
      if (staging) await staging;
      staging = stage(batch);
      // Its failure is thrown at the next await of it; until then it must not count as unhandled.
      staging.catch(() => undefined);
    }
  } catch (error) {
    // The read failed: the batch in flight must settle before the caller discards the staged facts.
    await staging?.catch(() => undefined);
    throw error;
  }
  await staging;
}
