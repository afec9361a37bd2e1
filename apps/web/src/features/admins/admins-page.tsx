import { lazy, Suspense, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { KeyRound, MonitorSmartphone, ShieldCheck, UserCheck, UserX } from 'lucide-react';
import { adminPaths, type AdminAccount } from '@sehha/contract/admins';
import type { AdminRole } from '@sehha/contract/status-codes';
import { ListScreen } from '../../components/table/list-screen';
import { RowActions, type RowAction } from '../../components/table/row-actions';
import { useListParams } from '../../components/table/use-list-params';
import { ConfirmDialog } from '../../components/dialogs/confirm-dialog';
import { useConfirmedMutation } from '../../components/dialogs/use-confirmed-mutation';
import { AccountSubject } from '../../components/dialogs/dialog-subject';
import { Modal } from '../../components/dialogs/modal';
import { ToneBadge, type BadgeTone } from '../../components/feedback/tone-badge';
import { RequirePermission } from '../../components/layout/require-permission';
import { formatDate } from '../../lib/format';
import { useLanguage } from '../../lib/use-language';
import { useSignedInAdmin } from '../../lib/permissions';
import { RoleSelect } from './role-field';
import { TemporaryPasswordDialog } from './temporary-password-dialog';
import {
  useAdmins,
  useChangeAdminRole,
  useDeactivateAdmin,
  useReactivateAdmin,
  useResetAdminPassword,
  type WithTemporaryPassword,
} from './admins-api';
import { paths } from '../../config/paths';

// The form (react-hook-form, zod) is a chunk fetched on the first "Add": the list does not need it to show.
const CreateAdminDialog = lazy(async () => ({ default: (await import('./create-admin-dialog')).CreateAdminDialog }));

const roleTones: Record<AdminRole, BadgeTone> = { super_admin: 'success', reviewer: 'waiting', viewer: 'neutral' };

/** /{lng}/dashboard/admins: admin accounts and their roles, for super admins (permission `admins.manage`). */
export default function AdminsPage() {
  const { t } = useTranslation('admins');
  return (
    <RequirePermission permission="admins.manage" name="admins" title={t('title')}>
      <AdminsScreen />
    </RequirePermission>
  );
}

function AdminsScreen() {
  const { t } = useTranslation('admins');
  const lng = useLanguage();
  const params = useListParams();
  const query = useAdmins(params.query);
  const me = useSignedInAdmin();
  const [creating, setCreating] = useState(false);
  const [password, setPassword] = useState<{ email: string; password: string } | null>(null);
  const [roleOf, setRoleOf] = useState<{ admin: AdminAccount; role: AdminRole } | null>(null);
  const showPassword = ({ data }: WithTemporaryPassword) => setPassword({ email: data.email, password: data.temporary_password });

  const deactivation = useConfirmedMutation(useDeactivateAdmin());
  const reactivation = useConfirmedMutation(useReactivateAdmin());
  const resetPassword = useResetAdminPassword();
  const reset = useConfirmedMutation<AdminAccount>({
    isPending: resetPassword.isPending,
    mutate: (admin, options) => resetPassword.mutate(admin, { ...options, onSuccess: showPassword }),
  });
  const changeRole = useChangeAdminRole();

  const rowActions = (admin: AdminAccount): RowAction[] => {
    const self = admin.id === me?.id;
    return [
      { key: 'role', label: t('changeRole'), icon: ShieldCheck, onSelect: () => setRoleOf({ admin, role: admin.admin_role }) },
      // Not on one's own row: the API refuses to reset one's own password or to deactivate oneself.
      { key: 'reset', label: t('resetPassword'), icon: KeyRound, disabled: self, onSelect: () => reset.ask(admin) },
      { key: 'sessions', label: t('sessions'), icon: MonitorSmartphone, to: paths.sessions.getHref(lng, { admin_id: admin.id }) },
      admin.is_active
        ? {
            key: 'deactivate',
            label: t('deactivate'),
            icon: UserX,
            destructive: true,
            disabled: self,
            onSelect: () => deactivation.ask(admin),
          }
        : { key: 'reactivate', label: t('reactivate'), icon: UserCheck, onSelect: () => reactivation.ask(admin) },
    ];
  };
  const subject = (admin: AdminAccount | null) => (admin ? <AccountSubject name={admin.name} email={admin.email} /> : undefined);

  return (
    <ListScreen
      name="admins"
      text={(key) => t(key)}
      description
      search
      query={query}
      params={params}
      exportFrom={{ path: adminPaths.list, query: params.query }}
      actions={
        <button type="button" className="btn-primary" onClick={() => setCreating(true)}>
          {t('addButton')}
        </button>
      }
      columns={[
        {
          id: 'name',
          header: t('name'),
          cell: (admin) => (
            <span className="font-medium text-slate-900">
              {admin.name} {admin.id === me?.id && <span className="text-sm font-normal text-slate-600">{t('you')}</span>}
            </span>
          ),
        },
        { id: 'email', header: t('email'), cell: (admin) => <span dir="ltr">{admin.email}</span> },
        {
          id: 'role',
          header: t('role'),
          cell: (admin) => <ToneBadge tone={roleTones[admin.admin_role]}>{t(`roles.${admin.admin_role}`)}</ToneBadge>,
        },
        {
          id: 'status',
          header: t('status'),
          cell: (admin) => (
            <ToneBadge tone={admin.is_active ? 'success' : 'paused'}>{admin.is_active ? t('active') : t('deactivated')}</ToneBadge>
          ),
        },
        { id: 'created', header: t('created'), cell: (admin) => formatDate(admin.created_at, lng) },
        {
          id: 'actions',
          header: t('common:actions'),
          headerHidden: true,
          className: 'w-12',
          cell: (admin) => <RowActions name={admin.name} actions={rowActions(admin)} />,
        },
      ]}
    >
      {creating && (
        <Suspense fallback={null}>
          <CreateAdminDialog
            open={creating}
            onClose={() => setCreating(false)}
            onCreated={(result) => {
              setCreating(false);
              showPassword(result);
            }}
          />
        </Suspense>
      )}
      <TemporaryPasswordDialog shown={password} onClose={() => setPassword(null)} />
      <ConfirmDialog
        {...deactivation.dialog}
        variant="deactivate"
        details={
          deactivation.target ? (
            <>
              {subject(deactivation.target)}
              {t('deactivateDetails', { name: deactivation.target.name })}
            </>
          ) : undefined
        }
      />
      <ConfirmDialog
        {...reactivation.dialog}
        variant="deactivate"
        tone="primary"
        title={reactivation.target ? t('reactivateTitle', { name: reactivation.target.name }) : undefined}
        confirmLabel={t('reactivateConfirm')}
        details={subject(reactivation.target)}
      />
      <ConfirmDialog
        {...reset.dialog}
        variant="deactivate"
        title={reset.target ? t('resetPasswordTitle', { name: reset.target.name }) : undefined}
        confirmLabel={t('resetPasswordConfirm')}
        details={reset.target ? t('resetPasswordDetails', { name: reset.target.name }) : undefined}
      />
      <Modal
        open={roleOf !== null}
        onClose={() => setRoleOf(null)}
        busy={changeRole.isPending}
        title={roleOf ? t('changeRoleTitle', { name: roleOf.admin.name }) : ''}
        footer={
          <>
            <button type="button" className="btn-secondary" onClick={() => setRoleOf(null)} disabled={changeRole.isPending}>
              {t('common:cancel')}
            </button>
            <button
              type="button"
              className="btn-primary"
              disabled={changeRole.isPending}
              onClick={() => roleOf && changeRole.mutate(roleOf, { onSettled: () => setRoleOf(null) })}
            >
              {t('saveRole')}
            </button>
          </>
        }
      >
        {roleOf && <RoleSelect value={roleOf.role} onChange={(role) => setRoleOf({ ...roleOf, role })} />}
      </Modal>
    </ListScreen>
  );
}
