import {
  type ComponentProps,
  type ComponentType,
  createElement,
  type FunctionComponent,
  lazy,
  useState,
} from 'react';

/** Loading a script chunk gives up after 120 seconds and reports a chunk load error. */
export const CHUNK_LOAD_TIMEOUT_MS = 120_000;

export class ChunkLoadError extends Error {
  override name = 'ChunkLoadError';
}

export function withChunkTimeout<T>(load: () => Promise<T>, timeoutMs = CHUNK_LOAD_TIMEOUT_MS): Promise<T> {
  return new Promise<T>((resolve, reject) => {
    const timer = setTimeout(
      () => reject(new ChunkLoadError(`Loading a part of the app took longer than ${timeoutMs / 1000} s.`)),
      timeoutMs,
    );
    load().then(
      (module) => {
        clearTimeout(timer);
        resolve(module);
      },
      (error: unknown) => {
        clearTimeout(timer);
        reject(new ChunkLoadError(`A part of the app could not be loaded: ${(error as Error).message}`));
      },
    );
  });
}

/** A page whose module is fetched on first visit, or earlier by `preload`. */
// biome-ignore lint/suspicious/noExplicitAny: React's own bound for components
export type LazyPage<P = any> = FunctionComponent<P> & { preload(): Promise<void> };

/**
 * A page component loaded on first visit, from a module whose named export is the page. Once its module
 * has arrived (or `preload` fetched it), a new mount renders the page itself rather than through
 * React.lazy, so hydrating a page rendered at build time (src/web/prerender.tsx) does not suspend.
 */
// biome-ignore lint/suspicious/noExplicitAny: React's own bound for lazy components
export function lazyPage<M extends Record<K, ComponentType<any>>, K extends keyof M>(
  load: () => Promise<M>,
  exportName: K,
): LazyPage<ComponentProps<M[K]>> {
  let loaded: M[K] | undefined;
  const loadPage = async () => {
    loaded ??= (await withChunkTimeout(load))[exportName];
    return loaded;
  };
  const Lazy = lazy(async () => ({ default: await loadPage() }));
  // Chosen once per mount: switching from Lazy to the page on a later render would remount it.
  // biome-ignore lint/correctness/noComponentHookFactories: made once per page at module load, as React.lazy is
  function Page(props: ComponentProps<M[K]>) {
    const [{ Component }] = useState(() => ({ Component: loaded ?? Lazy }));
    return createElement(Component as ComponentType<ComponentProps<M[K]>>, props);
  }
  return Object.assign(Page, {
    preload: async () => {
      await loadPage();
    },
  });
}
