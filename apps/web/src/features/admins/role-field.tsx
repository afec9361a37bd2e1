import { useId, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { adminRoles, type AdminRole } from '@sehha/contract/status-codes';

/** The role select of the create and change-role dialogs, with what the chosen role may do under it. */
export function RoleSelect({ value, onChange, error }: { value: AdminRole; onChange: (role: AdminRole) => void; error?: ReactNode }) {
  const { t } = useTranslation('admins');
  const id = useId();
  const helpId = `${id}-help`;
  return (
    <div className="flex flex-col gap-1">
      <label htmlFor={id} className="label">
        {t('role')}
      </label>
      <select
        id={id}
        className="input"
        value={value}
        aria-describedby={helpId}
        onChange={(event) => onChange(event.target.value as AdminRole)}
      >
        {adminRoles.map((role) => (
          <option key={role} value={role}>
            {t(`roles.${role}`)}
          </option>
        ))}
      </select>
      <p id={helpId} className="text-sm text-slate-600">
        {t(`roleHelp.${value}`)}
      </p>
      {error}
    </div>
  );
}
