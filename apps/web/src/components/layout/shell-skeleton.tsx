import { useTranslation } from 'react-i18next';
import { shellFrame } from './shell-frame';

/**
 * The shell's frame (shell-frame.ts) over the shell while it waits for the signed-in admin, so a slow API shows the
 * page taking shape instead of a blank window: the markup the page painted before its scripts, so nothing changes
 * when they take over.
 */
export function ShellSkeleton() {
  const { t } = useTranslation();
  // Markup of ours, its one text escaped by shellFrame; `contents` leaves the frame's own box the only one.
  return <div className="contents" dangerouslySetInnerHTML={{ __html: shellFrame(t('pageLoading')) }} />;
}
