import { useEffect } from 'react';
import { useLocation } from 'react-router';

/** Spec §2: the page scrolls to top on route change; a #hash scrolls to its section instead. */
export function ScrollToTop() {
  const { pathname, hash } = useLocation();
  // biome-ignore lint/correctness/useExhaustiveDependencies: the effect runs because the route changed
  useEffect(() => {
    if (!hash) {
      window.scrollTo(0, 0);
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
