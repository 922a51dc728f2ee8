import type { OutboxMail } from './mail.repository.ts';

const escapeHtml = (text: string) =>
  text.replaceAll('&', '&amp;').replaceAll('<', '&lt;').replaceAll('>', '&gt;').replaceAll('"', '&quot;');

/** The operator's view of mail kept on a server without SMTP: newest first, each with its HTML part. */
export function renderOutboxPage(mails: OutboxMail[]): string {
  const items = mails
    .map(
      (mail) => `<article>
  <header><strong>${escapeHtml(mail.subject)}</strong><span>to ${escapeHtml(mail.to)} · ${mail.createdAt.toISOString().replace('T', ' ').slice(0, 19)} UTC</span></header>
  <iframe sandbox="allow-popups allow-popups-to-escape-sandbox allow-top-navigation-by-user-activation" srcdoc="${escapeHtml(mail.html)}" title="${escapeHtml(mail.subject)}"></iframe>
</article>`,
    )
    .join('\n');
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Spendguard outbox</title>
<style>body{font-family:system-ui,sans-serif;background:#f1f3f5;margin:0;padding:32px;color:#212529}
h1{font-size:22px;margin:0 0 4px}p.lead{color:#868e96;margin:0 0 24px}
article{background:#fff;border-radius:8px;margin:0 0 16px;box-shadow:0 1px 3px rgba(0,0,0,.08);overflow:hidden}
article header{display:flex;justify-content:space-between;gap:16px;padding:12px 16px;border-bottom:1px solid #e9ecef;font-size:14px}
article header span{color:#868e96}iframe{width:100%;height:420px;border:0}</style></head>
<body><h1>Outbox</h1><p class="lead">This server has no SMTP_URL, so Spendguard keeps its mail here. Set SMTP_URL to send it for real.</p>
${items || '<p>No mail yet.</p>'}</body></html>`;
}
