import http from 'node:http';

/**
 * A stand-in for the embedded scheduling page (Calendly's embed events): it shows the
 * prefilled name and e-mail, reports the page views on load and books on a click.
 */
const PAGE = `<!doctype html><html><head><meta charset="utf-8"><title>Book a time</title></head>
<body style="font-family:sans-serif;padding:24px">
<h1>Book a free consultation with Spendguard</h1>
<p id="prefill"></p>
<button id="book" style="font-size:18px;padding:8px 16px">Confirm booking</button>
<script>
  const params = new URLSearchParams(location.search);
  document.getElementById('prefill').textContent =
    'Booking for ' + (params.get('name') || 'a visitor') + ' <' + (params.get('email') || 'no e-mail') + '>';
  const post = (event, payload) => parent.postMessage({ event: 'calendly.' + event, payload: payload || {} }, '*');
  post('profile_page_viewed');
  post('event_type_viewed');
  document.getElementById('book').onclick = () => {
    post('date_and_time_selected');
    post('event_scheduled', { event: { uri: 'https://api.calendly.example/scheduled_events/E2E' }, invitee: { uri: 'https://api.calendly.example/invitees/E2E' } });
  };
</script></body></html>`;

export async function startFakeSchedulingPage(): Promise<{ url: string; close(): Promise<void> }> {
  const server = http.createServer((_request, response) => {
    response.writeHead(200, { 'content-type': 'text/html; charset=utf-8' });
    response.end(PAGE);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.address();
  const port = typeof address === 'object' && address ? address.port : 0;
  return {
    url: `http://127.0.0.1:${port}/spendguard/consultation`,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
