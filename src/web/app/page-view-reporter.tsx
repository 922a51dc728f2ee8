import { useEffect } from 'react';
import { useLocation } from 'react-router';
import { apiRequest } from '../lib/api-client.ts';

/** Each route change reports its path and query. */
export function PageViewReporter() {
  const { pathname, search } = useLocation();
  useEffect(() => {
    void apiRequest('analytics/page-views', {
      method: 'POST',
      body: { path: pathname, query: search, referrer: document.referrer || undefined },
    }).catch(() => {});
  }, [pathname, search]);
  return null;
}
