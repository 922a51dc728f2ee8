/** One look for every mail: a heading, short paragraphs, one button, and the same link as text. */
export interface MailContent {
  subject: string;
  heading: string;
  paragraphs: string[];
  action?: { label: string; url: string };
  footnote?: string;
}

const escapeHtml = (text: string) =>
  text.replaceAll('&', '&amp;').replaceAll('<', '&lt;').replaceAll('>', '&gt;').replaceAll('"', '&quot;');

export function renderMail(content: MailContent): { subject: string; text: string; html: string } {
  const textParts = [content.heading, '', ...content.paragraphs.flatMap((p) => [p, ''])];
  if (content.action) textParts.push(`${content.action.label}: ${content.action.url}`, '');
  if (content.footnote) textParts.push(content.footnote, '');
  textParts.push('— Spendguard · Do not get surprised by your AWS bill');

  const paragraphs = content.paragraphs
    .map((p) => `<p style="margin:0 0 16px;line-height:1.5;color:#343a40">${escapeHtml(p)}</p>`)
    .join('');
  const action = content.action
    ? `<p style="margin:24px 0"><a href="${escapeHtml(content.action.url)}" style="background:#1c7ed6;color:#fff;padding:12px 20px;border-radius:6px;text-decoration:none;font-weight:600;display:inline-block">${escapeHtml(content.action.label)}</a></p>
<p style="margin:0 0 16px;font-size:13px;color:#868e96">Or paste this link into your browser:<br><a href="${escapeHtml(content.action.url)}" style="color:#1c7ed6;word-break:break-all">${escapeHtml(content.action.url)}</a></p>`
    : '';
  const footnote = content.footnote
    ? `<p style="margin:16px 0 0;font-size:13px;color:#868e96">${escapeHtml(content.footnote)}</p>`
    : '';
  const html = `<!doctype html><html><body style="margin:0;background:#f1f3f5;font-family:-apple-system,'Segoe UI',Roboto,Arial,sans-serif">
<table role="presentation" width="100%" cellpadding="0" cellspacing="0"><tr><td align="center" style="padding:32px 16px">
<table role="presentation" width="560" cellpadding="0" cellspacing="0" style="background:#fff;border-radius:8px;padding:32px">
<tr><td><p style="margin:0 0 24px;font-weight:800;font-size:18px;color:#1c7ed6">Spendguard</p>
<h1 style="margin:0 0 16px;font-size:22px;color:#212529">${escapeHtml(content.heading)}</h1>
${paragraphs}${action}${footnote}
<p style="margin:32px 0 0;font-size:12px;color:#adb5bd">Spendguard · Do not get surprised by your AWS bill</p></td></tr>
</table></td></tr></table></body></html>`;
  return { subject: content.subject, text: textParts.join('\n'), html };
}
