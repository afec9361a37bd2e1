import { useTranslation } from 'react-i18next';

const bar = 'block animate-pulse rounded bg-slate-200 motion-reduce:animate-none';

/**
 * Grey shapes of the shell (navigation on the start side, header, a screen's title and rows) over the shell while it
 * waits for the signed-in admin, so a slow API shows the page taking shape instead of a blank window. Screen readers
 * hear one "Loading the page".
 */
export function ShellSkeleton() {
  const { t } = useTranslation();
  return (
    <div className="fixed inset-0 z-20 flex bg-slate-100" data-shell-skeleton>
      <span role="status" className="sr-only">
        {t('pageLoading')}
      </span>
      <div aria-hidden className="hidden w-64 shrink-0 flex-col gap-4 border-e border-slate-200 bg-white px-6 py-5 md:flex">
        <span className={`${bar} h-7 w-24`} />
        {Array.from({ length: 9 }, (_, index) => (
          <span key={index} className={`${bar} h-4`} style={{ width: `${60 + ((index * 17) % 35)}%` }} />
        ))}
      </div>
      <div aria-hidden className="flex min-w-0 flex-1 flex-col">
        <div className="flex h-14 items-center justify-between border-b border-slate-200 bg-white px-4 md:px-8">
          <span className={`${bar} h-4 w-24`} />
          <span className={`${bar} h-8 w-40`} />
        </div>
        <div className="flex flex-col gap-4 p-4 md:p-8">
          <span className={`${bar} h-3 w-32`} />
          <span className={`${bar} h-7 w-56`} />
          <div className="flex flex-col gap-3 rounded-xl border border-slate-200 bg-white p-4">
            {Array.from({ length: 6 }, (_, index) => (
              <span key={index} className={`${bar} h-4`} style={{ width: `${70 + ((index * 11) % 30)}%` }} />
            ))}
          </div>
        </div>
      </div>
    </div>
  );
}
