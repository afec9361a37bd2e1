import { isRouteErrorResponse, useRouteError } from 'react-router';
import { useTranslation } from 'react-i18next';

function messageOf(error: unknown): string {
  if (isRouteErrorResponse(error)) return `${error.status} ${error.statusText}`.trim();
  if (error instanceof Error) return error.message;
  return typeof error === 'string' ? error : JSON.stringify(error);
}

/** errorElement of the router: a generic heading plus the error's message. */
export function RouteError() {
  const error = useRouteError();
  const { t } = useTranslation();
  return (
    <main className="mx-auto max-w-2xl p-8">
      <h1 className="text-2xl font-semibold text-red-700">{t('error.unexpected')}</h1>
      <pre className="mt-4 overflow-x-auto rounded-lg bg-white p-4 text-sm whitespace-pre-wrap text-slate-700">{messageOf(error)}</pre>
      <a href="/" className="btn-secondary mt-6">
        {t('error.backHome')}
      </a>
    </main>
  );
}
