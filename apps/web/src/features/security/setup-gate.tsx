import type { ReactNode } from 'react';
import { Navigate, useLocation } from 'react-router';
import { useSignedInAdmin } from '../../lib/permissions';
import { useLanguage } from '../../lib/use-language';
import { paths } from '../../config/paths';

/** The screens an admin who must enrol first can use: the API opens only their `self` routes. */
const openScreens = [paths.security, paths.sessions];
const isOpen = (pathname: string, lng: string) => openScreens.some((screen) => pathname.replace(/\/$/, '') === screen.getHref(lng));

/**
 * REQUIRE_2FA: a super admin without a second factor (/api/auth/me says `two_factor_required_setup`) is
 * taken to the Security screen, which explains why; every other screen's calls would answer 403.
 */
export function TwoFactorSetupGate({ children }: { children: ReactNode }) {
  const lng = useLanguage();
  const { pathname } = useLocation();
  const me = useSignedInAdmin();
  if (me?.two_factor_required_setup && !isOpen(pathname, lng)) return <Navigate to={paths.security.getHref(lng)} replace />;
  return children;
}
