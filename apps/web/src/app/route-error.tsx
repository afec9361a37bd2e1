import { useEffect, useState } from 'react';
import { isRouteErrorResponse, useRouteError } from 'react-router';
import i18n, { loadLanguage } from '../i18n';
import { applyDocumentLanguage, resolveLanguage } from '../lib/language';
import { isStaleChunk, mayReloadForStaleChunk, reloadForStaleChunk } from './stale-chunk';

function messageOf(error: unknown): string {
  if (isRouteErrorResponse(error)) return `${error.status} ${error.statusText}`.trim();
  if (error instanceof Error) return error.message;
  return typeof error === 'string' ? error : JSON.stringify(error);
}

/**
 * errorElement of the router. A screen's chunk missing after a deploy reloads the page once (the new build's HTML
 * names the new chunks); anything else, or the same failure right after that reload, is said in the page's language
 * (from its address: the failure may come before the language's loader ran), the technical message tucked away.
 */
export function RouteError() {
  const error = useRouteError();
  const lng = resolveLanguage(window.location.pathname.split('/')[1]);
  const stale = isStaleChunk(error);
  const [reloading] = useState(() => stale && mayReloadForStaleChunk());
  const [, setLoaded] = useState(false);

  useEffect(() => {
    if (reloading) reloadForStaleChunk();
  }, [reloading]);
  useEffect(() => {
    applyDocumentLanguage(lng);
    // The messages are usually in already (start.tsx loads them first); if not, English shows until they come.
    loadLanguage(lng).then(
      () => setLoaded(true),
      () => undefined,
    );
  }, [lng]);

  const t = i18n.getFixedT(lng, 'common');
  if (reloading)
    return (
      <div role="status" className="flex min-h-screen items-center justify-center p-8 text-slate-700">
        {t('error.reloading')}
      </div>
    );
  return (
    <main className="mx-auto max-w-2xl p-8" lang={lng} dir={lng === 'ar' ? 'rtl' : 'ltr'} data-route-error>
      <h1 className="text-2xl font-semibold text-red-700">{t('error.unexpected')}</h1>
      <p className="mt-4 text-slate-800">{t(stale ? 'error.newVersion' : 'error.detail')}</p>
      <div className="mt-6 flex flex-wrap gap-3">
        <button type="button" className="btn-primary" onClick={() => window.location.reload()}>
          {t('error.reload')}
        </button>
        <a href={`/${lng}/dashboard`} className="btn-secondary">
          {t('error.backHome')}
        </a>
      </div>
      <details className="mt-6 text-sm text-slate-600">
        <summary className="cursor-pointer">{t('error.technical')}</summary>
        <pre dir="ltr" className="mt-2 overflow-x-auto rounded-lg bg-white p-4 text-start whitespace-pre-wrap text-slate-700">
          {messageOf(error)}
        </pre>
      </details>
    </main>
  );
}
