import { lazy, Suspense, useSyncExternalStore, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { loadToasts, toastsRequested } from '../components/feedback/notify';
import { directionOf, resolveLanguage } from '../lib/language';

const ToastContainer = lazy(() => loadToasts().then((toastify) => ({ default: toastify.ToastContainer })));

/**
 * Spec §8-9: toasts top right (under the header, index.css), 5 s, 300 px wide; the light theme, which index.css
 * remaps in dark mode. The container mounts with the
 * first toast (notify.ts), so pages that show none never load it. The query cache is the dashboard
 * shell's (dashboard-layout.tsx): the login screen needs none.
 */
export function Providers({ children }: { children: ReactNode }) {
  const { i18n } = useTranslation();
  const toasts = useSyncExternalStore(toastsRequested.subscribe, toastsRequested.current, () => false);
  return (
    <>
      {children}
      {toasts && (
        <Suspense fallback={null}>
          <ToastContainer
            position="top-right"
            autoClose={5000}
            theme="light"
            rtl={directionOf(resolveLanguage(i18n.language)) === 'rtl'}
            newestOnTop
          />
        </Suspense>
      )}
    </>
  );
}
