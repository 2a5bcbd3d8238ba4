import type { FastifyInstance } from 'fastify';
import { acceptFormPosts, sendStandInPage, serveStandInStyle } from '../payments/stand-in-page.ts';
import { mailgunInboundForm } from './mailgun-inbound.ts';
import { escapeHtml } from './render.ts';

/*
 * The built-in stand-in for Mailgun's inbound routes (outside production only, config.ts): a page
 * where a developer writes a mail "from" anyone to the plate-order address, which the stand-in
 * forwards to the API exactly as a Mailgun route does — a signed form POST with Mailgun's fields
 * and its SPF/DKIM headers — and shows what the API answered. The tests sign the same form.
 */

export interface MailgunStandInOptions {
  prefix: string;
  signingKey: string;
  /** The address the route forwards (the plate-order address). */
  to: string;
  /** Where the route forwards to, on this server. */
  webhookPath: string;
}

function formPage(options: MailgunStandInOptions, values: Record<string, string>, result: string): string {
  const field = (name: string, label: string, hint: string, value: string, type = 'text') =>
    `<label for="${name}">${escapeHtml(label)}<span class="hint">${escapeHtml(hint)}</span></label>` +
    `<input id="${name}" name="${name}" type="${type}" value="${escapeHtml(value)}" required>`;
  return `<p><span class="badge">STAND-IN</span></p>
<h1>Mailgun inbound route</h1>
<p>Writes a mail to <code>${escapeHtml(options.to)}</code> and forwards it to the API as Mailgun does: signed, with SPF and DKIM results.</p>
${result}
<form method="post" action="${escapeHtml(options.prefix)}/messages" class="card">
${field('from', 'From', 'A member of an insurance company, e.g. "Anne <anne@forsikring.dk>"', values.from ?? '')}
${field('subject', 'Subject', 'e.g. "200 plader"', values.subject ?? '')}
<label for="text">Text<span class="hint">e.g. "Antal: 200"</span></label>
<input id="text" name="text" value="${escapeHtml(values.text ?? '')}">
<label for="spf">SPF and DKIM<span class="hint">What Mailgun's checks found</span></label>
<input id="spf" name="spf" value="${escapeHtml(values.spf ?? 'Pass')}">
<button class="primary" type="submit">Send through the route</button>
</form>`;
}

export async function mailgunStandInRoutes(
  app: FastifyInstance,
  options: MailgunStandInOptions,
): Promise<void> {
  const stylesheet = `${options.prefix}/stand-in.css`;
  serveStandInStyle(app);
  acceptFormPosts(app);

  app.get('/', { schema: { hide: true } }, async (_request, reply) =>
    sendStandInPage(reply, 200, {
      language: 'en',
      title: 'Mailgun stand-in',
      stylesheet,
      body: formPage(options, {}, ''),
    }),
  );

  app.post('/messages', { schema: { hide: true } }, async (request, reply) => {
    const values = (request.body ?? {}) as Record<string, string>;
    const form = mailgunInboundForm(options.signingKey, {
      from: values.from ?? '',
      to: options.to,
      subject: values.subject ?? '',
      text: values.text ?? '',
      spf: values.spf || 'Pass',
      dkim: values.spf || 'Pass',
    });
    const forwarded = await app.inject({
      method: 'POST',
      url: options.webhookPath,
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: new URLSearchParams(form).toString(),
    });
    const result = `<p role="status" class="${forwarded.statusCode === 200 ? 'ok' : 'alert'}">The API answered ${forwarded.statusCode}: <code>${escapeHtml(forwarded.body)}</code></p>`;
    return sendStandInPage(reply, 200, {
      language: 'en',
      title: 'Mailgun stand-in',
      stylesheet,
      body: formPage(options, values, result),
    });
  });
}
