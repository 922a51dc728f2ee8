import { type ComponentType, lazy } from 'react';

/** Spec §4: loading a script chunk gives up after 120 seconds and reports a chunk load error. */
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

/** A page component loaded on first visit, from a module whose named export is the page. */
// biome-ignore lint/suspicious/noExplicitAny: React's own bound for lazy components
export function lazyPage<M extends Record<K, ComponentType<any>>, K extends keyof M>(
  load: () => Promise<M>,
  exportName: K,
) {
  return lazy<M[K]>(async () => ({ default: (await withChunkTimeout(load))[exportName] }));
}
