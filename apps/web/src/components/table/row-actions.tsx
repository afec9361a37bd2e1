import { useTranslation } from 'react-i18next';

type RowActionsProps = {
  /** Name of the row, for the buttons' accessible names ("Edit Cairo"). */
  name: string;
  onEdit?: () => void;
  onDelete?: () => void;
};

/** The Edit / Delete buttons of a list row. */
export function RowActions({ name, onEdit, onDelete }: RowActionsProps) {
  const { t } = useTranslation();
  return (
    <div className="flex gap-3">
      {onEdit && (
        <button type="button" className="btn-link" aria-label={t('editRow', { name })} onClick={onEdit}>
          {t('edit')}
        </button>
      )}
      {onDelete && (
        <button type="button" className="btn-link text-red-700" aria-label={t('deleteRow', { name })} onClick={onDelete}>
          {t('delete')}
        </button>
      )}
    </div>
  );
}
