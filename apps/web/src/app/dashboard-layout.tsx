import { useState } from 'react';
import { Navigate, Outlet } from 'react-router';
import { useTranslation } from 'react-i18next';
import { useSession } from '../lib/session';
import { useLanguage } from '../lib/use-language';
import { Sidebar } from './sidebar';
import { LanguageSwitch } from '../components/layout/language-switch';

/** The dashboard shell: sidebar on the start side, top bar, screen. Leaves as soon as the session ends. */
export default function DashboardLayout() {
  const { t } = useTranslation();
  const lng = useLanguage();
  const { token } = useSession();
  const [menuOpen, setMenuOpen] = useState(false);

  if (!token) return <Navigate to={`/${lng}/login`} replace />;

  return (
    <div className="flex min-h-screen">
      <aside
        id="sidebar"
        className={`${menuOpen ? 'block' : 'hidden'} fixed inset-y-0 start-0 z-40 w-64 overflow-y-auto border-e border-slate-200 bg-white md:sticky md:top-0 md:block md:h-screen`}
      >
        <div className="border-b border-slate-200 px-6 py-5 text-xl font-bold text-teal-700">{t('appName')}</div>
        <Sidebar onNavigate={() => setMenuOpen(false)} />
      </aside>
      <div className="flex min-w-0 flex-1 flex-col">
        <header className="flex items-center justify-between gap-3 border-b border-slate-200 bg-white px-4 py-3 md:px-8">
          <button
            type="button"
            className="btn-secondary md:hidden"
            aria-controls="sidebar"
            aria-expanded={menuOpen}
            onClick={() => setMenuOpen((open) => !open)}
          >
            {menuOpen ? t('closeMenu') : t('openMenu')}
          </button>
          <span className="text-sm text-slate-500">{t('dashboard')}</span>
          <LanguageSwitch />
        </header>
        <main className="flex-1 p-4 md:p-8">
          <Outlet />
        </main>
      </div>
    </div>
  );
}
