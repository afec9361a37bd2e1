import { useEffect, useId, useMemo } from 'react';
import { Controller, useFormContext } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { Upload } from 'lucide-react';
import { fieldErrorId, FormField, useFieldInvalid } from './field-error';
import { textDirection } from '../text/text-direction';

type FileInputProps = {
  name: string;
  label: string;
  accept?: string | undefined;
  /** The stored file of the record being edited, previewed until another is chosen. */
  currentUrl?: string | null | undefined;
};

/**
 * A file field holding a File in the form state, with an image preview. The browser's own control
 * speaks the browser's language ("Choose File / No file chosen" in English whatever the page), so the
 * native input is only visually hidden: it keeps the label, focus and the file picker, while the
 * button face and the file name are the dashboard's, in the admin's language and direction.
 */
export function FileInput({ name, label, accept = 'image/png,image/jpeg,image/webp', currentUrl }: FileInputProps) {
  const id = useId();
  const statusId = `${id}-status`;
  const { t } = useTranslation();
  const { control, watch } = useFormContext();
  const value: unknown = watch(name);
  const file = value instanceof File ? value : null;
  const objectUrl = useMemo(() => (file && file.type.startsWith('image/') ? URL.createObjectURL(file) : null), [file]);
  useEffect(() => () => void (objectUrl && URL.revokeObjectURL(objectUrl)), [objectUrl]);
  const preview = objectUrl ?? (file ? null : currentUrl);
  const invalid = useFieldInvalid(name);

  return (
    <FormField id={id} name={name} label={label}>
      <div className="flex min-w-0 items-center gap-3 rounded-md focus-within:outline-2 focus-within:outline-offset-2 focus-within:outline-teal-700">
        <Controller
          control={control}
          name={name}
          render={({ field }) => (
            <input
              id={id}
              type="file"
              accept={accept}
              name={field.name}
              ref={field.ref}
              onBlur={field.onBlur}
              onChange={(event) => field.onChange(event.target.files?.[0] ?? null)}
              aria-invalid={invalid || undefined}
              aria-describedby={[statusId, invalid ? fieldErrorId(name) : ''].filter(Boolean).join(' ')}
              className="peer sr-only"
            />
          )}
        />
        {/* A second label of the same input: clicking it opens the picker; hidden from the accessible name. */}
        <label htmlFor={id} aria-hidden className="btn-secondary shrink-0 cursor-pointer gap-2">
          <Upload aria-hidden className="size-4" />
          {t('chooseFile')}
        </label>
        <span
          id={statusId}
          className="min-w-0 truncate text-sm text-slate-600"
          data-file-name
          dir={file ? textDirection(file.name) : undefined}
        >
          {file ? <bdi>{file.name}</bdi> : t('noFileChosen')}
        </span>
      </div>
      {preview && <img src={preview} alt={t('imagePreview')} className="mt-3 max-h-40 rounded border border-slate-200 object-contain" />}
    </FormField>
  );
}
