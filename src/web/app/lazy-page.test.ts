import { createElement, Suspense } from 'react';
import { renderToString } from 'react-dom/server';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { CHUNK_LOAD_TIMEOUT_MS, ChunkLoadError, lazyPage, withChunkTimeout } from './lazy-page.ts';

describe('loading a script chunk', () => {
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

describe('a page loaded on first visit', () => {
  const greeting = ({ name }: { name: string }) => createElement('h1', null, `Hello ${name}`);
  const inSuspense = (page: ReturnType<typeof lazyPage>) =>
    renderToString(
      createElement(
        Suspense,
        { fallback: createElement('p', null, 'loading') },
        createElement(page, { name: 'Ada' }),
      ),
    );

  it('shows the fallback while its module has not arrived', () => {
    const Page = lazyPage(() => new Promise<{ Greeting: typeof greeting }>(() => {}), 'Greeting');
    expect(inSuspense(Page)).toContain('loading');
  });

  it('renders at once, without suspending, once preloaded (the hydration of a built page needs this)', async () => {
    let loads = 0;
    const Page = lazyPage(async () => {
      loads += 1;
      return { Greeting: greeting };
    }, 'Greeting');
    await Page.preload();
    await Page.preload();
    expect(inSuspense(Page)).toContain('<h1>Hello Ada</h1>');
    expect(loads).toBe(1);
  });

  it('reports a module that cannot be fetched as a chunk load error, and tries again next time', async () => {
    let attempts = 0;
    const Page = lazyPage(async () => {
      attempts += 1;
      if (attempts === 1) throw new Error('net::ERR_FAILED');
      return { Greeting: greeting };
    }, 'Greeting');
    await expect(Page.preload()).rejects.toBeInstanceOf(ChunkLoadError);
    await Page.preload();
    expect(inSuspense(Page)).toContain('Hello Ada');
  });
});
