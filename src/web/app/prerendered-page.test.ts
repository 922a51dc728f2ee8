import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { SESSION_STORAGE_KEY } from '../lib/session-token.ts';
import { pathToHydrate, prerenderedDocument } from './prerendered-page.ts';

const template = '<!doctype html>\n<html lang="en">\n<head></head><body><div id="root"></div></body></html>';
const rootOf = (html: string) => {
  const attribute = /<div id="root"(?: data-prerendered="([^"]*)")?>/.exec(html)?.[1];
  return { getAttribute: (name: string) => (name === 'data-prerendered' ? (attribute ?? null) : null) };
};

describe('a page rendered at build time', () => {
  it('fills #root with the markup and names the path it was rendered for', () => {
    const html = prerenderedDocument(template, '/', '<h1>Do not get surprised by your AWS bill</h1>');
    expect(html).toContain(
      '<div id="root" data-prerendered="/"><h1>Do not get surprised by your AWS bill</h1></div>',
    );
    expect(html).toContain('<html lang="en" data-mantine-color-scheme="light">');
  });

  it('keeps markup that looks like a replacement pattern as it is', () => {
    expect(prerenderedDocument(template, '/', '<p>$& and $1</p>')).toContain('<p>$& and $1</p>');
  });

  it('refuses a template with no empty #root to fill', () => {
    expect(() => prerenderedDocument('<html lang="en"><body></body></html>', '/', '<p></p>')).toThrow(
      /has no <div id="root"><\/div> to fill/,
    );
  });
});

describe('whether the browser hydrates the page on screen', () => {
  const landing = rootOf(prerenderedDocument(template, '/', '<p>landing</p>'));

  it('hydrates the page a visitor with no stored token opens', () => {
    expect(pathToHydrate(landing, '/', false)).toBe('/');
    expect(pathToHydrate(landing, '//', false)).toBe('/');
  });

  it('renders afresh for someone with a stored token, who sees the session check first', () => {
    expect(pathToHydrate(landing, '/', true)).toBeNull();
  });

  it('renders afresh when the page on screen is not the one for this path', () => {
    expect(pathToHydrate(landing, '/dashboard', false)).toBeNull();
    expect(pathToHydrate(rootOf(template), '/', false)).toBeNull();
  });
});

describe('the script that runs before the app (public/before-the-app.js)', () => {
  const script = readFileSync(new URL('../public/before-the-app.js', import.meta.url), 'utf8');
  const indexHtml = readFileSync(new URL('../index.html', import.meta.url), 'utf8');

  it('reads the session token under the key the app stores it', () => {
    expect(script).toContain(`getItem('${SESSION_STORAGE_KEY}')`);
  });

  it('marks a stored session with the attribute index.html hides the built page by', () => {
    expect(script).toContain("setAttribute('data-stored-session', '')");
    expect(indexHtml).toMatch(
      /html\[data-stored-session\] #root\[data-prerendered\] \{\s*visibility: hidden;/,
    );
    expect(indexHtml.indexOf('before-the-app.js')).toBeLessThan(indexHtml.indexOf('<body>'));
  });
});
