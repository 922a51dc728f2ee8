import { ChunkLoadError } from './lazy-page.ts';

export type ClientErrorKind = 'chunk-load' | 'css-chunk-load' | 'render';

/**
 * What the error screen reports, once per failure. A lazy page whose script or stylesheet did
 * not arrive rejects with a ChunkLoadError carrying the browser's reason (Vite names the .css file when a
 * stylesheet failed); anything else is a render error.
 */
export function clientErrorKind(error: unknown): ClientErrorKind {
  if (!(error instanceof ChunkLoadError)) return 'render';
  return /\.css\b/.test(error.message) ? 'css-chunk-load' : 'chunk-load';
}
