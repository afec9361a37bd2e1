import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Switch } from '../form/switch';
import { useResourceMutation } from '../form/use-resource-mutation';
import type { MutationRequest } from '../form/mutation-request';

type StatusToggleProps = {
  checked: boolean;
  /** Accessible name, e.g. t('institution-types:toggleStatus', { name }) */
  label: string;
  /** Lists to refresh after the change. */
  resourceKey: string;
  /** The call for the new value, e.g. (next) => ({ path: paths.status(id), method: 'PATCH', encoding: 'json', body: { is_active: next } }) */
  request: (next: boolean) => MutationRequest;
  /** i18n key of the success toast, e.g. 'institution-types:statusUpdated'. */
  successMessage: string;
};

/** A switch that saves at once: shows the new value while saving, returns to the old one on failure. */
export function StatusToggle({ checked, label, resourceKey, request, successMessage }: StatusToggleProps) {
  const { t } = useTranslation();
  const [value, setValue] = useState(checked);
  useEffect(() => setValue(checked), [checked]);
  const mutation = useResourceMutation<boolean>({
    resourceKey,
    request,
    successMessage,
    errorMessage: 'common:failedToChangeStatus',
  });
  return (
    <Switch
      checked={value}
      label={label}
      busy={mutation.isPending}
      states={{ on: t('switchState.active'), off: t('switchState.inactive') }}
      onChange={(next) => {
        setValue(next);
        mutation.mutate(next, { onError: () => setValue(!next) });
      }}
    />
  );
}
