import { useQuery } from '@tanstack/react-query';
import type { Envelope } from '@sehha/contract/envelope';
import type { Plan, PlanValues } from '@sehha/contract/subscription-plans';
import { apiRequest, isApiError } from '../../lib/api-client';
import { useQueryErrorToast } from '../../components/feedback/use-query-error-toast';
import type { FormValues } from '../../lib/form-data';
import { useResourceMutation } from '../../components/form/use-resource-mutation';
import { subscriptionPlans } from '../../resources/subscription-plans';

const { name: subscriptionPlansKey, paths: subscriptionPlanPaths } = subscriptionPlans;

export function useSubscriptionPlans() {
  const query = useQuery({
    queryKey: [subscriptionPlansKey, 'list'],
    queryFn: ({ signal }) => apiRequest<Envelope<Plan[]>>(subscriptionPlanPaths.list, { signal }).then((body) => body.data),
  });
  useQueryErrorToast(query, { toastId: 'plans-fetch-error', messageKey: 'subscription-plans:fetchError' });
  return query;
}

export function useSubscriptionPlan(id: number | null) {
  const query = useQuery({
    queryKey: [subscriptionPlansKey, 'one', id],
    queryFn: ({ signal }) => apiRequest<Envelope<Plan>>(subscriptionPlanPaths.show(id!), { signal }).then((body) => body.data),
    enabled: id !== null,
    retry: (count, error) => !(isApiError(error) && error.status === 404) && count < 3,
  });
  useQueryErrorToast(query, { toastId: 'plan-fetch-error', messageKey: 'subscription-plans:planFetchError' });
  return query;
}

/** Multipart as a Laravel form sends it: features as `features[i][title_ar]`. */
export function planFormBody(values: PlanValues): FormValues {
  const body: FormValues = {
    name_ar: values.name_ar,
    name_en: values.name_en,
    price: values.price,
    period_unit: values.period_unit,
    period_length: values.period_length,
    description_ar: values.description_ar ?? '',
    description_en: values.description_en ?? '',
    available_from: values.available_from ?? '',
  };
  values.features.forEach((feature, i) => {
    body[`features[${i}][title_ar]`] = feature.title_ar;
    body[`features[${i}][title_en]`] = feature.title_en;
  });
  return body;
}

export function useDeleteSubscriptionPlan() {
  return useResourceMutation<Plan>({
    resourceKey: subscriptionPlansKey,
    request: (plan) => ({ path: subscriptionPlanPaths.destroy(plan.id), method: 'DELETE' }),
    errorMessage: 'subscription-plans:deleteError',
  });
}
