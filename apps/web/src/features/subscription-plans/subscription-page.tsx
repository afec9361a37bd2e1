import { lazy, Suspense, type ReactNode } from 'react';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { PageHeader } from '../../components/layout/page-header';
import { ConfirmDialog } from '../../components/dialogs/confirm-dialog';
import { EmptyState } from '../../components/feedback/empty-state';
import { Spinner } from '../../components/feedback/spinner';
import { useLanguage } from '../../lib/use-language';
import { PlanCard } from './plan-card';
import { useDeleteSubscriptionPlan, useSubscriptionPlan, useSubscriptionPlans } from './subscription-plans-api';
import { useConfirmedMutation } from '../../components/dialogs/use-confirmed-mutation';
import { localName } from '../../lib/local-name';
import { actionCall, dashboardPath, type ResourceAction } from '../../components/resource/resource';
import { useCanCall } from '../../lib/can-call';
import { subscriptionPlanPaths } from '@sehha/contract/subscription-plans';
import { ExportButton } from '../../components/resource/export-button';
import { planEditRoute, subscriptionPlans } from '../../resources/subscription-plans';
import { paths as PATHS } from '../../config/paths';

/** The plan form, fetched with its screen: its inputs, zod and react-hook-form stay out of the cards' chunk. */
const PlanForm = lazy(async () => ({ default: (await import('./plan.form')).PlanForm }));

/**
 * /{lng}/dashboard/subscription: the plan cards; `?mode=add` is the add-plan form and
 * `?edit={id}` the edit-plan screen (the spec's route table has only `subscription`).
 */
export default function SubscriptionPage() {
  const [params] = useSearchParams();
  const editId = Number(params.get('edit'));
  if (Number.isSafeInteger(editId) && editId > 0) return <EditPlanScreen id={editId} />;
  if (params.get('mode') === 'add') return <AddPlanScreen />;
  return <PlansScreen />;
}

function usePlanPaths() {
  const lng = useLanguage();
  const { routes } = subscriptionPlans;
  return {
    lng,
    list: dashboardPath(lng, routes.list),
    add: dashboardPath(lng, routes.form),
    edit: (id: number) => dashboardPath(lng, planEditRoute(id)),
  };
}

function PlansScreen() {
  const { t } = useTranslation('subscription-plans');
  const paths = usePlanPaths();
  const query = useSubscriptionPlans();
  const remove = useDeleteSubscriptionPlan();
  const deletion = useConfirmedMutation(remove);
  const canCall = useCanCall();
  // Plans are super admins' (permission plans.manage): other roles see the cards without their buttons.
  const can = (action: ResourceAction) => {
    const call = actionCall(subscriptionPlans.paths, action);
    return call !== undefined && canCall(call.method, call.path);
  };

  let body;
  if (query.isPending) body = <Spinner />;
  else if (query.isError)
    body = (
      <EmptyState
        tone="error"
        message={t('fetchError')}
        action={
          <button type="button" className="btn-secondary" onClick={() => void query.refetch()}>
            {t('common:retry')}
          </button>
        }
      />
    );
  else if (query.data.length === 0) body = <EmptyState message={t('empty')} />;
  else
    body = (
      <div className="grid gap-6 md:grid-cols-2 xl:grid-cols-3">
        {query.data.map((plan) => (
          <PlanCard
            key={plan.id}
            plan={plan}
            lng={paths.lng}
            editTo={can('edit') ? paths.edit(plan.id) : undefined}
            onDelete={can('delete') ? deletion.ask : undefined}
          />
        ))}
      </div>
    );

  return (
    <section data-screen="subscription">
      <PageHeader
        title={t('title')}
        breadcrumbs={[{ label: t('screens:home'), to: PATHS.home.getHref(paths.lng) }, { label: t('title') }]}
        actions={
          <>
            <ExportButton path={subscriptionPlanPaths.list} />
            {can('create') && (
              <Link to={paths.add} className="btn-primary">
                {t('addPlan')}
              </Link>
            )}
          </>
        }
      />
      <div aria-busy={query.isFetching || undefined}>{body}</div>
      <ConfirmDialog
        {...deletion.dialog}
        variant="delete"
        details={
          deletion.target ? (
            <>
              <span className="block font-medium">{localName(deletion.target, paths.lng)}</span>
              {deletion.target.subscriptions_count > 0 && <span className="mt-2 block text-sm">{t('archiveNotice')}</span>}
            </>
          ) : undefined
        }
      />
    </section>
  );
}

function FormScreen({ title, children }: { title: string; children: ReactNode }) {
  const { t } = useTranslation('subscription-plans');
  const paths = usePlanPaths();
  return (
    <section data-screen="subscription-form">
      <PageHeader
        title={title}
        breadcrumbs={[
          { label: t('screens:home'), to: PATHS.home.getHref(paths.lng) },
          { label: t('title'), to: paths.list },
          { label: title },
        ]}
      />
      <Suspense fallback={<Spinner />}>{children}</Suspense>
    </section>
  );
}

function AddPlanScreen() {
  const { t } = useTranslation('subscription-plans');
  const paths = usePlanPaths();
  const navigate = useNavigate();
  return (
    <FormScreen title={t('addTitle')}>
      <PlanForm plan={null} title={t('addTitle')} listPath={paths.list} onSaved={() => void navigate(paths.list)} />
    </FormScreen>
  );
}

function EditPlanScreen({ id }: { id: number }) {
  const { t } = useTranslation('subscription-plans');
  const paths = usePlanPaths();
  const navigate = useNavigate();
  const query = useSubscriptionPlan(id);
  return (
    <FormScreen title={t('editTitle')}>
      {query.isPending ? (
        <Spinner />
      ) : query.isError ? (
        <EmptyState
          tone="error"
          message={t('planFetchError')}
          action={
            <Link to={paths.list} className="btn-secondary">
              {t('backToPlans')}
            </Link>
          }
        />
      ) : (
        <PlanForm
          key={query.data.id}
          plan={query.data}
          title={t('editTitle')}
          listPath={paths.list}
          onSaved={() => void navigate(paths.list)}
        />
      )}
    </FormScreen>
  );
}
