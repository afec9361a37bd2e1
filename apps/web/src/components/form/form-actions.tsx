import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';

type FormActionsProps = { submitLabel: string; cancelTo: string; busy?: boolean };

export function FormActions({ submitLabel, cancelTo, busy = false }: FormActionsProps) {
  const { t } = useTranslation();
  return (
    <div className="flex flex-wrap items-center gap-3 pt-2">
      <button type="submit" className="btn-primary" disabled={busy} aria-busy={busy || undefined}>
        {busy && (
          <span aria-hidden className="me-2 inline-block size-3 animate-spin rounded-full border-2 border-white border-t-transparent" />
        )}
        {submitLabel}
      </button>
      <Link to={cancelTo} className="btn-secondary">
        {t('cancel')}
      </Link>
    </div>
  );
}
