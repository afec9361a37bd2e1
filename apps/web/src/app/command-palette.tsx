import { lazy, Suspense, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Search } from 'lucide-react';

const PaletteDialog = lazy(() => import('./command-palette-dialog'));

/** ⌘K on a Mac, Ctrl+K elsewhere; `code` so that an Arabic keyboard layout (ن on that key) opens it too. */
const isShortcut = (event: KeyboardEvent) =>
  (event.metaKey || event.ctrlKey) && !event.altKey && (event.code === 'KeyK' || event.key.toLowerCase() === 'k');
const onMac = () => /Mac|iPhone|iPad/.test(navigator.platform);

/**
 * The command palette's opener on every screen: the header's search button and ⌘K / Ctrl+K. The palette
 * (command-palette-dialog.tsx) is fetched on first use, so the shell stays light.
 */
export function CommandPalette() {
  const { t } = useTranslation('palette');
  const [open, setOpen] = useState(false);

  useEffect(() => {
    const onKeyDown = (event: KeyboardEvent) => {
      if (!isShortcut(event)) return;
      event.preventDefault();
      setOpen((value) => !value);
    };
    window.addEventListener('keydown', onKeyDown);
    return () => window.removeEventListener('keydown', onKeyDown);
  }, []);

  return (
    <>
      <button
        type="button"
        className="inline-flex items-center gap-2 rounded-lg border border-slate-300 px-2.5 py-1.5 text-sm text-slate-700 hover:bg-slate-50"
        aria-keyshortcuts="Control+K Meta+K"
        aria-haspopup="dialog"
        onClick={() => setOpen(true)}
        data-palette-open
      >
        <Search aria-hidden className="size-4" />
        <span className="sr-only sm:not-sr-only">{t('open')}</span>
        <kbd aria-hidden className="hidden rounded border border-slate-300 px-1 font-sans text-xs text-slate-600 sm:inline" dir="ltr">
          {onMac() ? '⌘K' : 'Ctrl K'}
        </kbd>
      </button>
      {open && (
        <Suspense fallback={null}>
          <PaletteDialog onClose={() => setOpen(false)} />
        </Suspense>
      )}
    </>
  );
}
