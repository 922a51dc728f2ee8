import { useEffect } from 'react';
import { useLocation } from 'react-router';

/**
 * The document's first page stays where the browser put it: a page the build rendered may have been
 * scrolled before the app took it over (decision 070), and moving it to the top would undo that. Later
 * mounts (after a guard's redirect) are route changes like any other.
 */
let showingFirstPage = true;

/** The page scrolls to top on route change; a #hash scrolls to its section instead. */
export function ScrollToTop() {
  const { pathname, hash } = useLocation();
  // biome-ignore lint/correctness/useExhaustiveDependencies: the effect runs because the route changed
  useEffect(() => {
    const firstPage = showingFirstPage;
    showingFirstPage = false;
    if (!hash) {
      if (!firstPage) window.scrollTo(0, 0);
      return;
    }
    // The section may live in a page that is still loading: look for it for up to two seconds.
    let attempts = 0;
    const timer = window.setInterval(() => {
      const target = document.getElementById(decodeURIComponent(hash.slice(1)));
      if (target) target.scrollIntoView({ behavior: 'smooth', block: 'start' });
      if (target || ++attempts > 40) window.clearInterval(timer);
    }, 50);
    return () => window.clearInterval(timer);
  }, [pathname, hash]);
  return null;
}
