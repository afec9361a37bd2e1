import { Link, useLocation } from 'react-router';
import { useTranslation } from 'react-i18next';
import { Check, ChevronDown, Languages, LogOut, Monitor, MonitorSmartphone, Moon, ShieldCheck, Sun, UserRound } from 'lucide-react';
import { useLanguage } from '../lib/use-language';
import { useMenuButton } from '../components/menu/use-menu-button';
import { withLanguage } from '../lib/language';
import { chooseTheme, themeChoices, useThemeChoice, type ThemeChoice } from '../lib/theme';
import { useMe } from '../features/auth/use-me';
import { useLogout } from '../features/auth/use-logout';
import { paths } from '../config/paths';
import { textDirection } from '../components/text/text-direction';

const themeIcons: Record<ThemeChoice, typeof Sun> = { system: Monitor, light: Sun, dark: Moon };

/**
 * The header's account menu (WAI-ARIA menu button): the signed-in admin's name opens a menu with the profile
 * (name and email), the other language, the theme (system, light, dark), Security and My sessions, and logout. Arrow keys move, Escape and Tab close, focus returns to the button.
 */
export function UserMenu() {
  const { t } = useTranslation();
  const lng = useLanguage();
  const location = useLocation();
  const me = useMe();
  const { logout, pending } = useLogout();
  const menu = useMenuButton();
  const { open, menuId, close } = menu;
  const other = lng === 'ar' ? 'en' : 'ar';
  const name = me.data?.name ?? '';

  const theme = useThemeChoice();
  const itemClass =
    'flex w-full items-center gap-2 rounded-md px-3 py-2 text-start text-sm text-slate-800 hover:bg-slate-100 focus:bg-slate-100';

  return (
    <div className="relative">
      <button
        {...menu.buttonProps}
        aria-label={name ? t('accountMenu', { name }) : t('account')}
        data-testid="user-menu-button"
        className="flex items-center gap-2 rounded-lg px-2 py-1.5 text-sm font-medium text-slate-800 hover:bg-slate-100"
      >
        <span aria-hidden className="flex size-8 items-center justify-center rounded-full bg-teal-100 text-teal-800">
          <UserRound className="size-4" />
        </span>
        <span className="hidden max-w-48 truncate sm:inline" data-testid="admin-name" dir={name ? textDirection(name) : undefined}>
          {name}
        </span>
        <ChevronDown aria-hidden className="size-4 text-slate-600" />
      </button>
      {open && (
        <div
          {...menu.menuProps}
          aria-label={t('account')}
          className="absolute end-0 z-50 mt-2 w-64 rounded-xl border border-slate-200 bg-white p-1 shadow-lg"
        >
          <div role="none" className="border-b border-slate-200 px-3 py-2">
            <p className="text-xs text-slate-600">{t('signedInAs')}</p>
            <p className="truncate text-sm font-semibold text-slate-900" dir={name ? textDirection(name) : undefined} title={name}>
              {name}
            </p>
            {me.data?.email && (
              <p dir="ltr" className="truncate text-start text-xs text-slate-600" title={me.data.email}>
                {me.data.email}
              </p>
            )}
          </div>
          <Link
            role="menuitem"
            tabIndex={-1}
            to={withLanguage(`${location.pathname}${location.search}${location.hash}`, other)}
            state={location.state}
            hrefLang={other}
            onClick={() => close(false)}
            className={itemClass}
          >
            <Languages aria-hidden className="size-4" />
            <span>
              {t('language')}: <span lang={other}>{t('switchLanguage')}</span>
            </span>
          </Link>
          <div role="group" aria-labelledby={`${menuId}-theme`} className="border-y border-slate-200 py-1">
            <p id={`${menuId}-theme`} className="px-3 py-1 text-xs text-slate-600">
              {t('theme.label')}
            </p>
            {themeChoices.map((choice) => {
              const Icon = themeIcons[choice];
              return (
                <button
                  key={choice}
                  role="menuitemradio"
                  aria-checked={theme === choice}
                  tabIndex={-1}
                  type="button"
                  onClick={() => {
                    chooseTheme(choice);
                    close(true);
                  }}
                  className={itemClass}
                >
                  <Icon aria-hidden className="size-4" />
                  <span className="flex-1">{t(`theme.${choice}`)}</span>
                  {theme === choice && <Check aria-hidden className="size-4 text-teal-700" />}
                </button>
              );
            })}
          </div>
          {/* The admin's own account: two-factor sign-in and sessions (permission `self`, every role). */}
          <div role="none" className="border-b border-slate-200 py-1">
            <Link role="menuitem" tabIndex={-1} to={paths.security.getHref(lng)} onClick={() => close(false)} className={itemClass}>
              <ShieldCheck aria-hidden className="size-4" />
              {t('screens:security')}
            </Link>
            <Link role="menuitem" tabIndex={-1} to={paths.sessions.getHref(lng)} onClick={() => close(false)} className={itemClass}>
              <MonitorSmartphone aria-hidden className="size-4" />
              {t('screens:mySessions')}
            </Link>
          </div>
          <button
            role="menuitem"
            tabIndex={-1}
            type="button"
            disabled={pending}
            onClick={() => void logout()}
            className={`${itemClass} text-red-700`}
          >
            <LogOut aria-hidden className="size-4 rtl:-scale-x-100" />
            {t('logout')}
          </button>
        </div>
      )}
    </div>
  );
}
