import { useTranslation } from 'react-i18next';
import { TextField } from './text-field';

type BilingualNameFieldsProps = {
  /** Field names; Laravel resources use name_ar / name_en. */
  arabicName?: string | undefined;
  englishName?: string | undefined;
  arabicLabel?: string | undefined;
  englishLabel?: string | undefined;
};

/** Arabic and English name inputs, each typed in its own direction. */
export function BilingualNameFields({
  arabicName = 'name_ar',
  englishName = 'name_en',
  arabicLabel,
  englishLabel,
}: BilingualNameFieldsProps) {
  const { t } = useTranslation();
  return (
    <div className="grid gap-4 md:grid-cols-2">
      <TextField name={arabicName} label={arabicLabel ?? t('arabicName')} dir="rtl" lang="ar" autoComplete="off" />
      <TextField name={englishName} label={englishLabel ?? t('englishName')} dir="ltr" lang="en" autoComplete="off" />
    </div>
  );
}
