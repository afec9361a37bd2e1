import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { isApiError } from '../../lib/api-client';
import { notify } from './notify';

type FailedQuery = { isError: boolean; error: unknown; errorUpdatedAt: number };

type ErrorToastOptions = {
  /** One toast per query: a later failure replaces it instead of stacking under it. */
  toastId: string;
  /** Namespaced i18n key of the message, e.g. 'subscription-plans:fetchError'. */
  messageKey: string;
  /** Show the response's own `message` when there is one (spec: appointments, prescriptions, change requests). */
  serverMessage?: boolean | undefined;
};

/**
 * The error toast of a failed read. None for a 401: the API client already sends the admin to the
 * login screen, which has its own message.
 */
export function useQueryErrorToast(
  { isError, error, errorUpdatedAt }: FailedQuery,
  { toastId, messageKey, serverMessage = false }: ErrorToastOptions,
) {
  const { t } = useTranslation();
  useEffect(() => {
    if (!isError || (isApiError(error) && error.status === 401)) return;
    const own = serverMessage && isApiError(error) && error.status > 0 ? error.message : '';
    notify('error', own || t(messageKey), toastId);
  }, [isError, error, errorUpdatedAt, toastId, messageKey, serverMessage, t]);
}
