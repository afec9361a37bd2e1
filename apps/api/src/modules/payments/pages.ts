import type { FastifyReply, FastifyRequest } from 'fastify';
import type { Language, Message } from '@sehha/contract/messages';
import { paymentMessages as messages } from '@sehha/contract/payments';
import { HttpError } from '../../http/errors';
import { requestLanguage, translate, type MessageParam } from '../../i18n/messages';

const escapeHtml = (text: string) =>
  text.replace(/[&<>"']/g, (character) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[character]!);

/** `?lang=` when given, else the browser's Accept-Language. */
export const pageLanguage = (request: FastifyRequest, lang: Language | undefined): Language => lang ?? requestLanguage(request);

/** A browser asked (the app opens payment links in one); API clients get the usual JSON errors. */
const wantsHtml = (request: FastifyRequest) => /\btext\/html\b/i.test(String(request.headers.accept ?? ''));

export type PageLine = Message | { message: Message; params: Record<string, MessageParam> };
/** A button: an HTML form posting these fields, or a link. */
export type PageAction = { label: Message; post?: { action: string; fields: Record<string, string> }; href?: string };

/** A minimal page in the patient's language (dir=rtl in Arabic), no script: the CSP allows none. */
export function renderPage(language: Language, title: Message, lines: PageLine[], actions: PageAction[] = []): string {
  const text = (line: PageLine) => ('message' in line ? translate(line.message, language, line.params) : translate(line, language));
  const buttons = actions.map((action) => {
    const label = escapeHtml(translate(action.label, language));
    if (action.href) return `<a class="button" href="${escapeHtml(action.href)}">${label}</a>`;
    const fields = Object.entries(action.post?.fields ?? {})
      .map(([name, value]) => `<input type="hidden" name="${escapeHtml(name)}" value="${escapeHtml(value)}">`)
      .join('');
    return `<form method="post" action="${escapeHtml(action.post?.action ?? '')}">${fields}<button type="submit">${label}</button></form>`;
  });
  return `<!doctype html>
<html lang="${language}" dir="${language === 'ar' ? 'rtl' : 'ltr'}">
<head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><title>${escapeHtml(translate(title, language))}</title>
<style>body{font-family:system-ui,sans-serif;max-width:28rem;margin:3rem auto;padding:0 1rem}form{display:inline-block;margin-inline-end:.5rem}button,.button{font-size:1.1rem;padding:.6rem 1.4rem}</style></head>
<body><h1>${escapeHtml(translate(title, language))}</h1>
${lines.map((line) => `<p>${escapeHtml(text(line))}</p>`).join('\n')}
<div>${buttons.join('')}</div>
</body></html>`;
}

export const sendPage = (reply: FastifyReply, status: number, html: string) =>
  reply.code(status).header('cache-control', 'no-store').type('text/html; charset=utf-8').send(html);

/**
 * Runs a browser page's handler: a refusal (unknown, paid or expired link) is a page with its status for a
 * browser, and the usual `{message}` JSON for anyone else.
 */
export async function asPage(request: FastifyRequest, reply: FastifyReply, language: Language, handler: () => Promise<unknown>) {
  try {
    return await handler();
  } catch (error) {
    if (!(error instanceof HttpError) || !wantsHtml(request)) throw error;
    return sendPage(reply, error.statusCode, renderPage(language, messages.pageTitle, [error.body]));
  }
}
