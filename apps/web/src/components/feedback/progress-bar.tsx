import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';

/**
 * A thin indeterminate bar along the top of the window while `active` (route changes, lazy screens).
 * It appears after a short delay so that instant navigations do not flash it.
 */
export function ProgressBar({ active, delayMs = 120 }: { active: boolean; delayMs?: number }) {
  const { t } = useTranslation();
  const [shown, setShown] = useState(false);
  useEffect(() => {
    if (!active) {
      setShown(false);
      return;
    }
    const timer = setTimeout(() => setShown(true), delayMs);
    return () => clearTimeout(timer);
  }, [active, delayMs]);
  if (!shown) return null;
  return (
    <div
      role="progressbar"
      aria-label={t('pageLoading')}
      aria-busy="true"
      data-testid="route-progress"
      className="fixed inset-x-0 top-0 z-[60] h-1 overflow-hidden bg-teal-100"
    >
      <div className="progress-bar-indicator h-full w-full origin-left bg-teal-700" />
    </div>
  );
}
