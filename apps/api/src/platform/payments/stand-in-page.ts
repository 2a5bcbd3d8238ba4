import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { escapeHtml } from '../mail/render.ts';

/** The languages of the payment stand-ins' pages. */
export type StandInLanguage = 'da' | 'en' | 'no';

/**
 * ?lang first, then what the shop asked for (a Reepay `locale` such as `da_DK`, `nb_NO`), then the
 * browser's Accept-Language; `fallback` when none of them is ours.
 */
export function standInLanguage(
  request: FastifyRequest,
  asked: string | null,
  fallback: StandInLanguage = 'da',
): StandInLanguage {
  if (request.languageSource !== 'query') {
    const primary = asked?.slice(0, 2).toLowerCase();
    const candidate = primary === 'nb' || primary === 'nn' ? 'no' : primary;
    if (candidate === 'da' || candidate === 'en' || candidate === 'no') return candidate;
  }
  if (request.languageSource === 'default') return fallback;
  return request.language === 'en' || request.language === 'no' || request.language === 'da'
    ? request.language
    : 'en';
}

export function fill(text: string, params: Record<string, string> = {}): string {
  return text.replace(/\{(\w+)\}/g, (_, name: string) => params[name] ?? '');
}

export function formatAmount(language: StandInLanguage, minorUnits: number, currency: string): string {
  const locale = language === 'no' ? 'nb-NO' : language === 'da' ? 'da-DK' : 'en-GB';
  return new Intl.NumberFormat(locale, { style: 'currency', currency }).format(minorUnits / 100);
}

/** Readable at 360 px, large touch targets, visible focus; no script. */
export const STAND_IN_STYLE = `
:root{color-scheme:light}
*{box-sizing:border-box}
body{font-family:system-ui,sans-serif;margin:0;color:#1a1a1a;background:#f4f6f8;line-height:1.5}
main{max-width:32rem;margin:0 auto;padding:1rem}
.badge{display:inline-block;background:#b42318;color:#fff;font-weight:700;padding:.15rem .6rem;border-radius:4px;letter-spacing:.05em}
h1{color:#0a2540;font-size:1.5rem;margin:.5rem 0}
h2{font-size:1.1rem;margin:1.25rem 0 .5rem}
.card{background:#fff;border:1px solid #c4ccd4;border-radius:8px;padding:1rem}
table{width:100%;border-collapse:collapse}
th,td{text-align:left;padding:.25rem 0;vertical-align:top}
td.amount,th.amount{text-align:right;font-variant-numeric:tabular-nums;white-space:nowrap;padding-left:.5rem}
tfoot th,tfoot td{border-top:1px solid #c4ccd4;font-weight:700}
label{display:block;font-weight:600;margin-top:.75rem}
.hint{display:block;font-weight:400;color:#3d4a57;font-size:.9rem}
input{font:inherit;width:100%;min-height:44px;padding:.5rem;border:2px solid #3d4a57;border-radius:6px;margin-top:.25rem}
.row{display:grid;grid-template-columns:1fr 1fr;gap:.75rem}
button{font:inherit;min-height:44px;padding:.5rem 1rem;border-radius:6px;cursor:pointer;width:100%;margin-top:1rem}
.primary{background:#0a5ca8;color:#fff;border:2px solid #0a5ca8;font-weight:700}
.secondary{background:#fff;color:#0a2540;border:2px solid #0a2540}
button:focus-visible,input:focus-visible,summary:focus-visible{outline:3px solid #f5a623;outline-offset:2px}
.alert{background:#fef3f2;border:2px solid #b42318;color:#7a271a;border-radius:6px;padding:.75rem;margin:1rem 0}
.ok{background:#ecfdf3;border:2px solid #067647;color:#054f31;border-radius:6px;padding:.75rem;margin:1rem 0}
.note{font-size:.9rem;color:#3d4a57}
details{margin-top:1.25rem}
summary{cursor:pointer;font-weight:600;min-height:44px;display:flex;align-items:center}
code{font-size:.95em;word-break:break-all}
`;

export function standInLayout(options: {
  language: StandInLanguage;
  title: string;
  stylesheet: string;
  body: string;
}): string {
  return `<!doctype html>
<html lang="${options.language === 'no' ? 'nb' : options.language}">
<head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1">
<meta name="robots" content="noindex">
<title>${escapeHtml(options.title)}</title><link rel="icon" href="data:,"><link rel="stylesheet" href="${escapeHtml(options.stylesheet)}"></head>
<body><main>${options.body}</main></body></html>
`;
}

/** Lets a stand-in's pages take plain HTML form posts (they need no script). */
export function acceptFormPosts(scope: FastifyInstance): void {
  scope.addContentTypeParser(
    'application/x-www-form-urlencoded',
    { parseAs: 'string', bodyLimit: 4096 },
    (_request, body, done) => done(null, Object.fromEntries(new URLSearchParams(String(body)))),
  );
}

/** Serves STAND_IN_STYLE at `/stand-in.css` of the stand-in's prefix. */
export function serveStandInStyle(scope: FastifyInstance): void {
  scope.get('/stand-in.css', { schema: { hide: true } }, async (_request, reply) =>
    reply.type('text/css; charset=utf-8').header('cache-control', 'no-cache').send(STAND_IN_STYLE),
  );
}

/** Answers a stand-in page; never cached (it shows one payment's state). */
export function sendStandInPage(
  reply: FastifyReply,
  status: number,
  page: { language: StandInLanguage; title: string; stylesheet: string; body: string },
) {
  return reply
    .code(status)
    .type('text/html; charset=utf-8')
    .header('cache-control', 'no-store')
    .send(standInLayout(page));
}

/** The body of a page that only says what went wrong. */
export function alertBody(title: string, message: string): string {
  return `<h1>${escapeHtml(title)}</h1><p role="alert" class="alert">${escapeHtml(message)}</p>`;
}
