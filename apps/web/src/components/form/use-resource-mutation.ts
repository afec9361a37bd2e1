import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import type { FieldValues, Path, UseFormSetError } from 'react-hook-form';
import { apiRequest, isApiError } from '../../lib/api-client';
import { notify } from '../feedback/notify';
import { buildMutationRequest, type MutationRequest } from './mutation-request';

type ResourceMutationOptions<TVariables, TResult, TForm extends FieldValues> = {
  /** Lists to refresh afterwards: every query whose key starts with one of these. */
  resourceKey: string | readonly string[];
  /** Turns the variables into the call, e.g. (values) => ({ path: paths.store, body: values }). */
  request: (variables: TVariables) => MutationRequest;
  /** i18n key of the success toast; without it the server's message is shown (if any). */
  successMessage?: string | undefined;
  /** i18n key shown when a failure has no server message; defaults to 'common:somethingWrong'. */
  errorMessage?: string | undefined;
  /** Show errorMessage even when the server sent one (e.g. the spec's "Failed to deactivate doctors"). */
  alwaysErrorMessage?: boolean | undefined;
  /** A form's setError: a 422's `errors` land on its fields instead of a toast. */
  setError?: UseFormSetError<TForm> | undefined;
  onSuccess?: ((result: TResult, variables: TVariables) => void | Promise<void>) | undefined;
  /**
   * The success toast naming the record ("Dr. … accepted"), and how to take the change back from it (the
   * toast's Undo, then the lists refresh). Takes precedence over successMessage.
   */
  successToast?: ((result: TResult, variables: TVariables) => { message: string; undo?: (() => Promise<unknown>) | undefined }) | undefined;
};

/**
 * Every create/update/delete/status call: sends the request, toasts success or failure,
 * maps 422 errors onto form fields and invalidates the resource's lists.
 */
export function useResourceMutation<TVariables = void, TResult = { message?: string }, TForm extends FieldValues = FieldValues>(
  options: ResourceMutationOptions<TVariables, TResult, TForm>,
) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const keys = typeof options.resourceKey === 'string' ? [options.resourceKey] : options.resourceKey;
  /** One toast per action: a retry's outcome replaces the previous one (see notify.ts). */
  const actionId = `${keys.join('+')}:${options.successMessage ?? options.errorMessage ?? 'mutation'}`;

  return useMutation<TResult, Error, TVariables>({
    mutationFn: (variables) => {
      const { path, init } = buildMutationRequest(options.request(variables));
      return apiRequest<TResult>(path, init);
    },
    onSuccess: async (result, variables) => {
      const serverMessage = (result as { message?: unknown } | undefined)?.message;
      const message = options.successMessage ? t(options.successMessage) : typeof serverMessage === 'string' ? serverMessage : null;
      const named = options.successToast?.(result, variables);
      const undo = named?.undo;
      if (named)
        notify(
          'success',
          named.message,
          actionId,
          undo && {
            label: t('common:undo'),
            run: () =>
              undo().then(
                (answer) => {
                  const said = (answer as { message?: unknown } | undefined)?.message;
                  notify('info', typeof said === 'string' ? said : t('common:undone'), actionId);
                  return Promise.all(keys.map((key) => queryClient.invalidateQueries({ queryKey: [key] })));
                },
                (error: unknown) =>
                  notify(
                    'error',
                    isApiError(error) && error.status !== 0 && error.message ? error.message : t('common:undoFailed'),
                    actionId,
                  ),
              ),
          },
        );
      else if (message) notify('success', message, actionId);
      await Promise.all(keys.map((key) => queryClient.invalidateQueries({ queryKey: [key] })));
      await options.onSuccess?.(result, variables);
    },
    onError: (error) => {
      if (isApiError(error) && error.status === 401) return; // the session ended; the app goes to login
      const fieldErrors = isApiError(error) && error.status === 422 ? Object.entries(error.errors) : [];
      if (options.setError && fieldErrors.length > 0) {
        fieldErrors.forEach(([field, messages], index) =>
          options.setError?.(field as Path<TForm>, { type: 'server', message: messages[0] ?? '' }, { shouldFocus: index === 0 }),
        );
        return;
      }
      const fallback = t(options.errorMessage ?? 'common:somethingWrong');
      notify(
        'error',
        !options.alwaysErrorMessage && isApiError(error) && error.status !== 0 && error.message ? error.message : fallback,
        actionId,
      );
    },
  });
}
