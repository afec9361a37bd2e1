import { useEffect, useId, useMemo } from 'react';
import { Controller, useFormContext } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { FieldError } from './field-error';

type FileInputProps = {
  name: string;
  label: string;
  accept?: string;
  /** The stored file of the record being edited, previewed until another is chosen. */
  currentUrl?: string | null;
};

/** A file field holding a File in the form state, with an image preview. */
export function FileInput({ name, label, accept = 'image/png,image/jpeg,image/webp', currentUrl }: FileInputProps) {
  const id = useId();
  const { t } = useTranslation();
  const { control, watch } = useFormContext();
  const value: unknown = watch(name);
  const file = value instanceof File ? value : null;
  const objectUrl = useMemo(() => (file && file.type.startsWith('image/') ? URL.createObjectURL(file) : null), [file]);
  useEffect(() => () => void (objectUrl && URL.revokeObjectURL(objectUrl)), [objectUrl]);
  const preview = objectUrl ?? (file ? null : currentUrl);

  return (
    <div>
      <label htmlFor={id} className="label">
        {label}
      </label>
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
            className="block w-full text-sm text-slate-700 file:me-3 file:rounded-md file:border-0 file:bg-teal-50 file:px-3 file:py-2 file:text-teal-700"
          />
        )}
      />
      {file && <p className="mt-1 text-sm text-slate-600">{file.name}</p>}
      {preview && <img src={preview} alt={t('imagePreview')} className="mt-3 max-h-40 rounded border border-slate-200 object-contain" />}
      <FieldError name={name} />
    </div>
  );
}
