import { useCallback, useEffect, useRef, useState, type KeyboardEvent, type ReactNode } from 'react';
import { Navigate, Outlet, useNavigation } from 'react-router';
import { useTranslation } from 'react-i18next';
import { QueryClientProvider, useQuery } from '@tanstack/react-query';
import { Menu, X } from 'lucide-react';
import { useSession } from '../lib/session';
import { meQuery } from '../lib/permissions';
import { useLanguage } from '../lib/use-language';
import { ProgressBar } from '../components/feedback/progress-bar';
import { LanguageSwitch } from '../components/layout/language-switch';
import { ShellSkeleton } from '../components/layout/shell-skeleton';
import { UnsavedActionNotice } from '../components/feedback/unsaved-action-notice';
import { Sidebar } from './sidebar';
import { UserMenu } from './user-menu';
import { CommandPalette } from './command-palette';
import { useDocumentTitle } from '../lib/document-title';
import { createQueryClient } from './query-client';
import { TwoFactorSetupGate } from '../features/security/setup-gate';

const desktop = '(min-width: 768px)';
const focusable = 'a[href], button:not([disabled]), input:not([disabled]), select:not([disabled]), [tabindex]:not([tabindex="-1"])';

/** Whether the navigation is a drawer (phones) rather than a fixed column. */
function useIsDrawer(): boolean {
  const query = () => typeof window !== 'undefined' && typeof window.matchMedia === 'function' && !window.matchMedia(desktop).matches;
  const [drawer, setDrawer] = useState(query);
  useEffect(() => {
    if (typeof window.matchMedia !== 'function') return;
    const list = window.matchMedia(desktop);
    const onChange = () => setDrawer(!list.matches);
    list.addEventListener('change', onChange);
    return () => list.removeEventListener('change', onChange);
  }, []);
  return drawer;
}

/**
 * What the shell shows depends on the signed-in admin (navigation items, the admin's name, a screen's actions), who is
 * unknown until /api/auth/me answers. Until then the shell is laid out but not shown (`visibility`: it keeps its
 * place, and the screen under it is mounted and fetches its data meanwhile) and the progress bar runs, so nothing on
 * screen moves when the answer comes (a doctors page shifted by 0.15 CLS as its actions and filters rearranged); the
 * shell's skeleton covers it meanwhile, so a slow API shows the page taking shape, not a blank window. After
 * a first failed attempt the shell shows anyway: its retries would keep it hidden for seconds.
 */
function ShownOnceAdminKnown({ children }: { children: ReactNode }) {
  const me = useQuery(meQuery);
  const waiting = me.isPending && me.failureCount === 0;
  return (
    <>
      <ProgressBar active={waiting} />
      {waiting && <ShellSkeleton />}
      <div className={waiting ? 'invisible contents' : 'contents'} data-admin-pending={waiting || undefined}>
        {children}
      </div>
    </>
  );
}

/**
 * The dashboard shell: skip link, progress bar, navigation on the start side (a drawer on phones), header with the
 * admin's menu, screen. Leaves as soon as the session ends.
 */
export default function DashboardLayout() {
  const { t } = useTranslation();
  const lng = useLanguage();
  const { token } = useSession();
  const navigation = useNavigation();
  const drawer = useIsDrawer();
  const [menuOpen, setMenuOpen] = useState(false);
  // The server-state cache lives with the signed-in shell: the login screen, in the first chunk, loads no query library.
  const [queryClient] = useState(createQueryClient);
  const toggleRef = useRef<HTMLButtonElement>(null);
  const asideRef = useRef<HTMLElement>(null);
  useDocumentTitle();

  const open = drawer && menuOpen;
  const restoreFocus = useRef(false);
  const closeMenu = useCallback(() => {
    restoreFocus.current = true;
    setMenuOpen(false);
  }, []);
  // Back to the menu button once the page is no longer inert (it cannot take focus before).
  useEffect(() => {
    if (open || !restoreFocus.current) return;
    restoreFocus.current = false;
    toggleRef.current?.focus();
  }, [open]);

  // While the drawer is open: focus moves into it, Escape closes it, and focus returns to its button after.
  useEffect(() => {
    if (!open) return;
    asideRef.current?.querySelector<HTMLElement>(focusable)?.focus();
    const onKey = (event: globalThis.KeyboardEvent) => {
      if (event.key === 'Escape') closeMenu();
    };
    document.addEventListener('keydown', onKey);
    return () => document.removeEventListener('keydown', onKey);
  }, [open, closeMenu]);

  /** Tab and Shift+Tab cycle inside the open drawer (the rest of the page is inert meanwhile). */
  const trapFocus = (event: KeyboardEvent) => {
    if (!open || event.key !== 'Tab') return;
    const items = Array.from(asideRef.current?.querySelectorAll<HTMLElement>(focusable) ?? []);
    const first = items[0];
    const last = items[items.length - 1];
    if (!first || !last) return;
    if (event.shiftKey && document.activeElement === first) {
      event.preventDefault();
      last.focus();
    } else if (!event.shiftKey && document.activeElement === last) {
      event.preventDefault();
      first.focus();
    }
  };

  if (!token) return <Navigate to={`/${lng}/login`} replace />;

  return (
    <QueryClientProvider client={queryClient}>
      <div className="flex min-h-screen">
        <a href="#main" className="skip-link">
          {t('skipToContent')}
        </a>
        <ProgressBar active={navigation.state !== 'idle'} />
        {open && <div aria-hidden data-testid="drawer-backdrop" className="fixed inset-0 z-30 bg-black/50" onClick={closeMenu} />}
        <ShownOnceAdminKnown>
          {/* eslint-disable-next-line jsx-a11y/no-noninteractive-element-interactions -- the keydown only keeps Tab inside the open drawer (a focus trap), it adds no action */}
          <aside
            id="sidebar"
            ref={asideRef}
            onKeyDown={trapFocus}
            aria-label={drawer ? t('nav:label') : undefined}
            role={open ? 'dialog' : undefined}
            aria-modal={open ? true : undefined}
            className={`${open ? 'flex' : 'hidden'} fixed inset-y-0 start-0 z-40 w-64 flex-col overflow-y-auto border-e border-slate-200 bg-white md:sticky md:top-0 md:flex md:h-screen md:shrink-0`}
          >
            <div className="flex items-center justify-between border-b border-slate-200 px-6 py-5">
              <span className="text-xl font-bold text-teal-700">{t('appName')}</span>
              {open && (
                <button
                  type="button"
                  aria-label={t('closeMenu')}
                  onClick={closeMenu}
                  className="rounded-lg p-1.5 text-slate-700 hover:bg-slate-100"
                >
                  <X aria-hidden className="size-5" />
                </button>
              )}
            </div>
            <Sidebar onNavigate={() => setMenuOpen(false)} />
          </aside>
          <div className="flex min-w-0 flex-1 flex-col" inert={open}>
            <header className="flex items-center justify-between gap-3 border-b border-slate-200 bg-white px-4 py-3 md:px-8">
              <div className="flex items-center gap-3">
                <button
                  ref={toggleRef}
                  type="button"
                  className="rounded-lg p-2 text-slate-700 hover:bg-slate-100 md:hidden"
                  aria-controls="sidebar"
                  aria-expanded={open}
                  aria-label={open ? t('closeMenu') : t('openMenu')}
                  onClick={() => (open ? closeMenu() : setMenuOpen(true))}
                >
                  <Menu aria-hidden className="size-5" />
                </button>
                <span className="text-sm text-slate-600">{t('dashboard')}</span>
              </div>
              <div className="flex items-center gap-2">
                <CommandPalette />
                <LanguageSwitch />
                <UserMenu />
              </div>
            </header>
            <main id="main" tabIndex={-1} className="flex-1 p-4 focus:outline-none md:p-8">
              <TwoFactorSetupGate>
                <Outlet />
              </TwoFactorSetupGate>
            </main>
          </div>
        </ShownOnceAdminKnown>
        <UnsavedActionNotice />
      </div>
    </QueryClientProvider>
  );
}
