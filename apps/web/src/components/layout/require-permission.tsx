import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { ShieldX } from 'lucide-react';
import type { Permission } from '@sehha/contract/permissions';
import { roleAllows } from '@sehha/contract/permissions';
import { useAdminRole } from '../../lib/permissions';
import { EmptyState } from '../feedback/empty-state';
import { Spinner } from '../feedback/spinner';
import { Screen } from './screen';

/**
 * A screen only some roles may open: its content when the signed-in admin's role allows `permission`, a
 * clear "not allowed" screen otherwise (a bookmark or a typed URL, never a broken page). The API refuses the
 * screen's calls anyway; this only spares the admin the failed requests.
 */
export function RequirePermission({
  permission,
  name,
  title,
  children,
}: {
  permission: Permission;
  name: string;
  title: string;
  children: ReactNode;
}) {
  const { t } = useTranslation();
  const role = useAdminRole();
  if (role === undefined) return <Spinner size="lg" />;
  if (roleAllows(role, permission)) return children;
  return (
    <Screen name={name} title={title}>
      <div data-not-allowed className="rounded-xl border border-slate-200 bg-white">
        <EmptyState message={t('notAllowedScreen')} icon={ShieldX} />
      </div>
    </Screen>
  );
}
