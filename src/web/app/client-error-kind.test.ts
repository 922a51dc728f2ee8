import { describe, expect, it } from 'vitest';
import { clientErrorKind } from './client-error-kind.ts';
import { ChunkLoadError } from './lazy-page.ts';

describe('clientErrorKind (chunk and CSS chunk load failures are reported)', () => {
  it('tells a stylesheet that did not arrive from a script that did not', () => {
    const css = new ChunkLoadError(
      'A part of the app could not be loaded: Unable to preload CSS for /assets/about-page-x1.css',
    );
    const script = new ChunkLoadError(
      'A part of the app could not be loaded: Failed to fetch dynamically imported module',
    );
    expect(clientErrorKind(css)).toBe('css-chunk-load');
    expect(clientErrorKind(script)).toBe('chunk-load');
  });

  it('reports anything else as a render error', () => {
    expect(clientErrorKind(new Error('Cannot read properties of undefined'))).toBe('render');
  });
});
