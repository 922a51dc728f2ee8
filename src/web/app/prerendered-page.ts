import { normalizePath } from '../../domain/route-access.ts';

/** Marks a #root the build filled with a page's HTML, naming the path it was rendered for. */
const PRERENDERED_ATTRIBUTE = 'data-prerendered';
const EMPTY_ROOT = '<div id="root"></div>';

/**
 * The built index.html with a page's markup in #root. The color scheme Mantine would set from a script
 * is written on <html> so the page paints in its own colors before any script runs.
 */
export function prerenderedDocument(template: string, path: string, markup: string): string {
  if (!template.includes(EMPTY_ROOT)) throw new Error(`index.html has no ${EMPTY_ROOT} to fill`);
  return template
    .replace('<html lang="en">', '<html lang="en" data-mantine-color-scheme="light">')
    .replace(EMPTY_ROOT, () => `<div id="root" ${PRERENDERED_ATTRIBUTE}="${path}">${markup}</div>`);
}

/**
 * The path of the page in #root when it is the page the browser router is about to render, so React can
 * hydrate it rather than draw it again; null otherwise. Only a visitor with no stored token sees a static
 * page before the session check (SiteLayout): anyone else would first see the spinner, so their render
 * starts from an empty root.
 */
export function pathToHydrate(
  root: Pick<Element, 'getAttribute'>,
  pathname: string,
  hasSessionToken: boolean,
): string | null {
  const renderedFor = root.getAttribute(PRERENDERED_ATTRIBUTE);
  return renderedFor !== null && renderedFor === normalizePath(pathname) && !hasSessionToken
    ? renderedFor
    : null;
}

/** Empties a #root the app will not hydrate, so what React draws there is shown (see index.html's rule). */
export function clearPrerenderedPage(root: Element): void {
  root.replaceChildren();
  root.removeAttribute(PRERENDERED_ATTRIBUTE);
}
