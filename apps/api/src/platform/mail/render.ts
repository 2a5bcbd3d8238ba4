import type { Language } from '@nbr/domain/locale';
import { translate } from '../i18n/translate.ts';

export interface MailContent {
  language: Language;
  heading: string;
  /** Plain text; blank lines inside a paragraph are kept as line breaks. */
  paragraphs: string[];
  action?: { label: string; url: string };
  /** Replaces the default footer (sent automatically, replies not read). */
  footer?: string;
}

export function escapeHtml(value: string): string {
  return value
    .replace(/&/g, '&amp;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;')
    .replace(/"/g, '&quot;')
    .replace(/'/g, '&#39;');
}

const BRAND = '#004568';

const paragraphHtml = (text: string) =>
  `<p style="margin:0 0 16px;font-size:16px;line-height:1.5">${escapeHtml(text).replace(/\n/g, '<br>')}</p>`;

/**
 * The one layout of every mail: a plain-text part that reads well on its own, and simple HTML
 * (one column, inline styles only, real text, the link also written out) that mail clients and
 * screen readers handle. Every value is escaped.
 */
export function renderMail(content: MailContent): { text: string; html: string } {
  const footer = content.footer ?? translate(content.language, 'mail.footer');
  const linkHint = translate(content.language, 'mail.link_hint');

  const text = [
    content.heading,
    '',
    ...content.paragraphs.flatMap((paragraph) => [paragraph, '']),
    ...(content.action ? [`${content.action.label}:`, content.action.url, ''] : []),
    '--',
    footer,
    '',
  ].join('\n');

  const action = content.action
    ? `<p style="margin:24px 0"><a href="${escapeHtml(content.action.url)}" style="display:inline-block;padding:12px 20px;background:${BRAND};color:#ffffff;border-radius:4px;font-size:16px;font-weight:bold;text-decoration:none">${escapeHtml(content.action.label)}</a></p>
<p style="margin:0 0 16px;font-size:14px;line-height:1.5;color:#333333">${escapeHtml(linkHint)}<br><a href="${escapeHtml(content.action.url)}" style="color:${BRAND};word-break:break-all">${escapeHtml(content.action.url)}</a></p>`
    : '';

  const html = `<!doctype html>
<html lang="${content.language}">
<head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1"><title>${escapeHtml(content.heading)}</title></head>
<body style="margin:0;padding:0;background:#f4f6f8;color:#1a1a1a;font-family:Arial,Helvetica,sans-serif">
<div role="article" aria-label="${escapeHtml(content.heading)}" lang="${content.language}" style="max-width:600px;margin:0 auto;padding:24px;background:#ffffff">
<h1 style="margin:0 0 24px;font-size:22px;line-height:1.3;color:${BRAND}">${escapeHtml(content.heading)}</h1>
${content.paragraphs.map(paragraphHtml).join('\n')}
${action}
<hr style="border:none;border-top:1px solid #dddddd;margin:24px 0">
<p style="margin:0;font-size:13px;line-height:1.5;color:#555555">${escapeHtml(footer).replace(/\n/g, '<br>')}</p>
</div>
</body>
</html>
`;
  return { text, html };
}
