import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { AppError } from '../errors.ts';
import { escapeHtml } from './render.ts';
import type { DeliveredMail, MailboxTransport } from './transport.ts';

const MailboxQuerySchema = z.object({ to: z.string().trim().max(254).optional() });
const MessageParamsSchema = z.object({ id: z.uuid() });

/** The newest mails the mailbox shows; enough for any test or demo session. */
const LIMIT = 200;

/** The mail's own HTML is shown in a document of its own: mails carry inline styles, nothing else. */
const MAIL_HTML_CSP =
  "default-src 'none'; img-src data: https:; style-src 'unsafe-inline'; frame-ancestors 'self'";

const STYLE = `
body{font-family:system-ui,sans-serif;margin:0;color:#1a1a1a;background:#f4f6f8}
header,main{max-width:56rem;margin:0 auto;padding:1rem}
h1{color:#004568}
form{display:flex;gap:.5rem;align-items:end;flex-wrap:wrap}
label{display:flex;flex-direction:column;font-weight:600}
input{font:inherit;padding:.4rem;min-width:18rem}
button{font:inherit;padding:.45rem 1rem;background:#004568;color:#fff;border:0;border-radius:4px}
article{background:#fff;border:1px solid #d0d7de;border-radius:6px;padding:1rem;margin:1rem 0}
article h2{margin:.2rem 0;font-size:1.15rem}
dl{display:grid;grid-template-columns:max-content 1fr;gap:.2rem 1rem;margin:.5rem 0}
dt{font-weight:600}
pre{white-space:pre-wrap;word-break:break-word;background:#f6f8fa;padding:.75rem;border-radius:4px}
a{color:#004568}
`;

function presentMessage(mail: DeliveredMail) {
  return {
    id: mail.id,
    to: mail.to,
    subject: mail.subject,
    text: mail.text,
    html: mail.html,
    links: mail.links,
    created_at: mail.deliveredAt.toISOString(),
  };
}

/** Turns URLs of a plain-text mail into links; everything else is escaped. */
function linkify(text: string): string {
  return escapeHtml(text).replace(/https?:\/\/[^\s"'<>]+/g, (url) => `<a href="${url}">${url}</a>`);
}

function page(messages: ReturnType<typeof presentMessage>[], to: string | undefined): string {
  const items = messages
    .map(
      (message) => `<article aria-labelledby="m-${message.id}">
<h2 id="m-${message.id}">${escapeHtml(message.subject)}</h2>
<dl><dt>To</dt><dd>${escapeHtml(message.to)}</dd><dt>Sent</dt><dd><time datetime="${message.created_at}">${message.created_at}</time></dd></dl>
${message.links.length > 0 ? `<h3>Links</h3><ul>${message.links.map((link) => `<li><a href="${escapeHtml(link)}">${escapeHtml(link)}</a></li>`).join('')}</ul>` : ''}
<pre>${linkify(message.text)}</pre>
<p><a href="/dev/mailbox/messages/${message.id}/html">Show as HTML</a></p>
</article>`,
    )
    .join('\n');
  return `<!doctype html>
<html lang="en">
<head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1">
<title>Development mailbox</title><link rel="icon" href="data:,"><link rel="stylesheet" href="/dev/mailbox/mailbox.css"></head>
<body>
<header><h1>Development mailbox</h1>
<p>Mails the API has sent while no SMTP server is configured. Nothing here has left this machine.</p>
<form method="get" action="/dev/mailbox"><label for="to">Recipient<input id="to" name="to" type="email" value="${escapeHtml(to ?? '')}"></label><button type="submit">Show</button>${to ? ' <a href="/dev/mailbox">Show all</a>' : ''}</form>
</header>
<main>
<p role="status">${messages.length === 0 ? 'No mails yet.' : `${messages.length} mail${messages.length === 1 ? '' : 's'}, newest first.`}</p>
${items}
</main>
</body>
</html>
`;
}

/**
 * The mail stand-in's window (development and test only): what would have been sent, newest first.
 * Reading first delivers every mail that is due, so a mail enqueued a moment ago is already here.
 * The mails are the stand-in's own copies (like a mail server's mailbox), not the outbox, which
 * keeps no body or link of a delivered mail.
 */
export async function mailboxRoutes(
  app: FastifyInstance,
  options: { mailbox: MailboxTransport },
): Promise<void> {
  const routes = app.withTypeProvider<ZodTypeProvider>();
  const { mailbox } = options;

  async function readMessages(to: string | undefined) {
    await app.mailWorker.runOnce();
    return mailbox.list(to, LIMIT).map(presentMessage);
  }

  routes.get('/messages', { schema: { hide: true, querystring: MailboxQuerySchema } }, async (request) =>
    readMessages(request.query.to || undefined),
  );

  routes.get(
    '/messages/:id/html',
    { schema: { hide: true, params: MessageParamsSchema } },
    async (request, reply) => {
      const row = mailbox.find(request.params.id);
      if (!row) throw new AppError('not_found');
      return reply
        .header('content-security-policy', MAIL_HTML_CSP)
        .type('text/html; charset=utf-8')
        .send(row.html);
    },
  );

  routes.get('/mailbox.css', { schema: { hide: true } }, async (_request, reply) =>
    reply.type('text/css; charset=utf-8').send(STYLE),
  );

  routes.get('/', { schema: { hide: true, querystring: MailboxQuerySchema } }, async (request, reply) => {
    const to = request.query.to || undefined;
    return reply.type('text/html; charset=utf-8').send(page(await readMessages(to), to));
  });
}
