import { useEffect } from 'react';
import { useQuery } from '@tanstack/react-query';
import { toast } from 'react-toastify';
import { useTranslation } from 'react-i18next';
import type { Envelope } from '@sehha/contract/envelope';
import { planPaths, type Plan, type PlanValues } from '@sehha/contract/subscription-plans';
import { apiRequest, isApiError } from '../../lib/api-client';
import type { FormValues } from '../../lib/form-data';
import { useResourceMutation } from '../../components/form/use-resource-mutation';

export const plansKey = 'subscription-plans';

function useErrorToast(isError: boolean, error: unknown, updatedAt: number, messageKey: string, id: string) {
  const { t } = useTranslation('plans');
  useEffect(() => {
    if (!isError || (isApiError(error) && error.status === 401)) return;
    toast.error(t(messageKey), { toastId: id });
  }, [isError, error, updatedAt, messageKey, id, t]);
}

export function usePlans() {
  const query = useQuery({
    queryKey: [plansKey, 'list'],
    queryFn: ({ signal }) => apiRequest<Envelope<Plan[]>>(planPaths.list, { signal }).then((body) => body.data),
  });
  useErrorToast(query.isError, query.error, query.errorUpdatedAt, 'fetchError', 'plans-fetch-error');
  return query;
}

export function usePlan(id: number | null) {
  const query = useQuery({
    queryKey: [plansKey, 'one', id],
    queryFn: ({ signal }) => apiRequest<Envelope<Plan>>(planPaths.show(id!), { signal }).then((body) => body.data),
    enabled: id !== null,
    retry: (count, error) => !(isApiError(error) && error.status === 404) && count < 3,
  });
  useErrorToast(query.isError, query.error, query.errorUpdatedAt, 'planFetchError', 'plan-fetch-error');
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

export function useDeletePlan() {
  return useResourceMutation<Plan>({
    resourceKey: plansKey,
    request: (plan) => ({ path: planPaths.destroy(plan.id), method: 'DELETE' }),
    errorMessage: 'plans:deleteError',
  });
}
