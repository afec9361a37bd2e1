import { useSearchParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { LogOut } from 'lucide-react';
import type { Session } from '@sehha/contract/security';
import { Screen } from '../../components/layout/screen';
import { RequirePermission } from '../../components/layout/require-permission';
import { DataTable } from '../../components/table/data-table';
import { ConfirmDialog } from '../../components/dialogs/confirm-dialog';
import { useConfirmedMutation } from '../../components/dialogs/use-confirmed-mutation';
import { ToneBadge } from '../../components/feedback/tone-badge';
import { notify } from '../../components/feedback/notify';
import { useQueryErrorToast } from '../../components/feedback/use-query-error-toast';
import { isApiError } from '../../lib/api-client';
import { formatDateTime } from '../../lib/format';
import { useLanguage } from '../../lib/use-language';
import { useRevokeOtherSessions, useRevokeSession, useSessions } from './security-api';
import { deviceText } from './device-text';
import { WithNamespace } from '../../components/layout/with-namespace';
import { paths } from '../../config/paths';

const toastId = 'sessions';

/**
 * /{lng}/dashboard/sessions: the signed-in admin's sessions (`self`); with `?admin_id=` another admin's,
 * for super admins (`admins.manage`), opened from the Admins screen.
 */
export default function SessionsPage() {
  return (
    <WithNamespace name="security">
      <Sessions />
    </WithNamespace>
  );
}

function Sessions() {
  const { t } = useTranslation('security');
  const [params] = useSearchParams();
  const adminId = Number(params.get('admin_id'));
  if (Number.isSafeInteger(adminId) && adminId > 0) {
    return (
      <RequirePermission permission="admins.manage" name="sessions" title={t('screens:sessions')}>
        <SessionsScreen adminId={adminId} />
      </RequirePermission>
    );
  }
  return <SessionsScreen adminId={null} />;
}

function SessionsScreen({ adminId }: { adminId: number | null }) {
  const { t } = useTranslation('security');
  const lng = useLanguage();
  const mine = adminId === null;
  const sessions = useSessions(adminId);
  useQueryErrorToast(sessions, { toastId: 'sessions-list', messageKey: 'security:sessions.fetchError', serverMessage: true });
  const revokeOne = useRevokeSession(adminId);
  const revokeOthers = useRevokeOtherSessions();
  const outcome = {
    onSuccess: ({ message }: { message: string }) => notify('success', message, toastId),
    onError: (error: unknown) =>
      notify('error', isApiError(error) && error.status > 0 && error.message ? error.message : t('common:somethingWrong'), toastId),
  };
  const revoke = useConfirmedMutation<Session>({
    isPending: revokeOne.isPending,
    mutate: (session, options) => revokeOne.mutate(session.id, { ...outcome, ...options }),
  });
  const others = useConfirmedMutation<true>({
    isPending: revokeOthers.isPending,
    mutate: (_, options) => revokeOthers.mutate(undefined, { ...outcome, ...options }),
  });
  const browser = (session: Session) => deviceText(t, session.device);
  const hasOthers = (sessions.data ?? []).some((session) => !session.current);

  return (
    <Screen
      name="sessions"
      title={mine ? t('sessions.title') : t('screens:sessions')}
      description={t('sessions.description')}
      trail={
        mine ? [{ label: t('title'), to: paths.security.getHref(lng) }] : [{ label: t('screens:admins'), to: paths.admins.getHref(lng) }]
      }
      actions={
        mine &&
        hasOthers && (
          <button type="button" className="btn-danger" onClick={() => others.ask(true)}>
            <LogOut aria-hidden className="me-2 size-4 rtl:-scale-x-100" />
            {t('sessions.revokeOthers')}
          </button>
        )
      }
    >
      <div className="rounded-xl border border-slate-200 bg-white">
        <DataTable<Session>
          caption={t('sessions.caption')}
          rows={sessions.data}
          loading={sessions.isPending}
          fetching={sessions.isFetching}
          error={sessions.isError}
          errorMessage={t('sessions.fetchError')}
          emptyMessage={t('sessions.empty')}
          onRetry={() => void sessions.refetch()}
          rowClassName={(session) => (session.current ? 'bg-teal-50/60' : '')}
          columns={[
            {
              id: 'browser',
              header: t('sessions.browser'),
              cell: (session) => (
                <span className="flex flex-wrap items-center gap-2">
                  <span className="font-medium text-slate-900">{browser(session)}</span>
                  {session.current && (
                    <ToneBadge tone="success" className="whitespace-nowrap">
                      <span data-current-session>{t('sessions.current')}</span>
                    </ToneBadge>
                  )}
                </span>
              ),
            },
            {
              id: 'address',
              header: t('sessions.address'),
              cell: (session) => <span dir="ltr">{session.ip ?? t('sessions.unknown')}</span>,
            },
            { id: 'created', header: t('sessions.created'), cell: (session) => formatDateTime(session.created_at, lng) },
            {
              id: 'lastUsed',
              header: t('sessions.lastUsed'),
              cell: (session) => (session.last_used_at ? formatDateTime(session.last_used_at, lng) : t('sessions.never')),
            },
            {
              id: 'actions',
              header: t('common:actions'),
              headerHidden: true,
              cell: (session) =>
                session.current ? null : (
                  <button
                    type="button"
                    className="btn-secondary whitespace-nowrap"
                    aria-label={t('sessions.revokeNamed', { browser: browser(session) })}
                    onClick={() => revoke.ask(session)}
                  >
                    <LogOut aria-hidden className="me-1 size-4 rtl:-scale-x-100" />
                    {t('sessions.revoke')}
                  </button>
                ),
            },
          ]}
        />
      </div>
      <ConfirmDialog
        {...revoke.dialog}
        variant="deactivate"
        title={t('sessions.revokeTitle')}
        confirmLabel={t('sessions.revoke')}
        details={
          revoke.target
            ? t('sessions.revokeDetails', { browser: browser(revoke.target), date: formatDateTime(revoke.target.created_at, lng) })
            : undefined
        }
      />
      <ConfirmDialog
        {...others.dialog}
        variant="deactivate"
        title={t('sessions.revokeOthersTitle')}
        confirmLabel={t('sessions.revokeOthers')}
        details={t('sessions.revokeOthersDetails')}
      />
    </Screen>
  );
}
