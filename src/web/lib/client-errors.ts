/** Sends a failure the person saw to the server log (chunk and CSS chunk load failures are reported). */
export function reportClientError(kind: 'chunk-load' | 'css-chunk-load' | 'render', message: string): void {
  const body = JSON.stringify({ kind, message: message.slice(0, 2000), path: window.location.pathname });
  void fetch('/api/analytics/client-errors', {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body,
    keepalive: true,
  }).catch(() => {});
}
