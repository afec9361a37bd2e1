import { Link, useLocation } from 'react-router';
import { useTranslation } from 'react-i18next';
import { useLanguage } from '../lib/use-language';
import { useLogout } from '../features/auth/use-logout';
import { LogOut } from 'lucide-react';
import { usePermissions } from '../lib/permissions';
import { allowedEntries, entryHref, isActiveEntry } from './navigation';

export function Sidebar({ onNavigate }: { onNavigate?: () => void }) {
  const { t } = useTranslation('nav');
  const lng = useLanguage();
  const location = useLocation();
  const { logout, pending } = useLogout();
  const can = usePermissions();
  return (
    <nav aria-label={t('label')} className="flex h-full flex-col gap-1 p-4">
      <ul className="flex flex-col gap-1">
        {allowedEntries(can).map((entry) => {
          const active = isActiveEntry(entry, location.pathname, location.search, lng);
          const to = entryHref(entry, lng);
          return (
            <li key={entry.key}>
              <Link
                to={to}
                onClick={onNavigate}
                aria-current={active ? 'page' : undefined}
                className={`flex items-center gap-3 rounded-lg px-3 py-2 text-sm font-medium ${
                  active ? 'bg-teal-700 text-white' : 'text-slate-700 hover:bg-slate-100'
                }`}
              >
                <entry.icon aria-hidden className="size-4 shrink-0" />
                {t(entry.key)}
              </Link>
            </li>
          );
        })}
        <li className="mt-2 border-t border-slate-200 pt-2">
          <button
            type="button"
            onClick={() => void logout()}
            disabled={pending}
            className="flex w-full items-center gap-3 rounded-lg px-3 py-2 text-start text-sm font-medium text-red-700 hover:bg-red-50 disabled:opacity-50"
          >
            {/* The arrow leaves towards the reading end: mirrored in Arabic. */}
            <LogOut aria-hidden className="size-4 shrink-0 rtl:-scale-x-100" />
            {t('logout')}
          </button>
        </li>
      </ul>
    </nav>
  );
}
