import { afterEach, describe, expect, it, vi } from 'vitest';
import { CHUNK_LOAD_TIMEOUT_MS, ChunkLoadError, withChunkTimeout } from './lazy-page.ts';

describe('loading a script chunk (spec §4)', () => {
  afterEach(() => vi.useRealTimers());

  it('gives up after 120 seconds with a chunk load error', async () => {
    vi.useFakeTimers();
    const loading = withChunkTimeout(() => new Promise(() => {}));
    const outcome = expect(loading).rejects.toBeInstanceOf(ChunkLoadError);
    vi.advanceTimersByTime(CHUNK_LOAD_TIMEOUT_MS - 1);
    await Promise.resolve();
    vi.advanceTimersByTime(1);
    await outcome;
    expect(CHUNK_LOAD_TIMEOUT_MS).toBe(120_000);
  });

  it('still waits at 119 seconds', async () => {
    vi.useFakeTimers();
    let settled = false;
    withChunkTimeout(() => new Promise(() => {})).catch(() => {
      settled = true;
    });
    vi.advanceTimersByTime(119_000);
    await Promise.resolve();
    expect(settled).toBe(false);
  });

  it('reports a failed download as a chunk load error', async () => {
    await expect(withChunkTimeout(() => Promise.reject(new Error('net::ERR_FAILED')))).rejects.toThrow(
      /could not be loaded: net::ERR_FAILED/,
    );
  });

  it('hands over the module when it arrives in time', async () => {
    await expect(withChunkTimeout(() => Promise.resolve({ page: 1 }))).resolves.toEqual({ page: 1 });
  });
});
