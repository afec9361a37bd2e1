import { useEffect, useId, useState, type KeyboardEvent } from 'react';
import { Controller, useFormContext } from 'react-hook-form';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import type { Envelope, Paginator } from '@sehha/contract/envelope';
import { apiRequest, type QueryParams } from '../../lib/api-client';
import { FieldError, fieldErrorId } from './field-error';

export type SelectOption = { id: number; label: string; hint?: string };

type SearchSelectFieldProps<T> = {
  /** Form field holding the chosen id. */
  name: string;
  label: string;
  placeholder?: string | undefined;
  /** Query-key root of the resource the options come from. */
  resourceKey: string;
  /** A paged list endpoint that takes `?search=&per_page=` (the server does the searching). */
  path: string;
  params?: QueryParams | undefined;
  toOption: (row: T) => SelectOption;
  /** The option of the current value (edit mode), shown before anything is searched. */
  initialOption?: SelectOption | null | undefined;
  pageSize?: number | undefined;
};

/**
 * A combobox whose options are searched on the server, for lists too long to load whole
 * (thousands of cities): typing asks the API for the first matches.
 */
export function SearchSelectField<T>({
  name,
  label,
  placeholder,
  resourceKey,
  path,
  params,
  toOption,
  initialOption,
  pageSize = 20,
}: SearchSelectFieldProps<T>) {
  const id = useId();
  const listId = `${id}-options`;
  const { t } = useTranslation();
  const { control, formState } = useFormContext();
  const [selected, setSelected] = useState<SelectOption | null>(initialOption ?? null);
  const [text, setText] = useState(initialOption?.label ?? '');
  const [search, setSearch] = useState('');
  const [open, setOpen] = useState(false);
  const [active, setActive] = useState(0);

  useEffect(() => {
    const timer = setTimeout(() => setSearch(text.trim() === selected?.label ? '' : text.trim()), 250);
    return () => clearTimeout(timer);
  }, [text, selected]);

  const query = useQuery<Paginator<T>>({
    queryKey: [resourceKey, 'options', path, { ...params, search }],
    queryFn: ({ signal }) =>
      apiRequest<Envelope<Paginator<T>>>(path, { query: { ...params, search, per_page: pageSize }, signal }).then((body) => body.data),
    enabled: open,
    placeholderData: keepPreviousData,
  });
  const options: SelectOption[] = (query.data?.data ?? []).map(toOption);
  const invalid = Boolean(formState.errors[name]);

  return (
    <Controller
      control={control}
      name={name}
      render={({ field }) => {
        const choose = (option: SelectOption) => {
          setSelected(option);
          setText(option.label);
          setOpen(false);
          field.onChange(option.id);
        };
        const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
          if (event.key === 'ArrowDown') {
            event.preventDefault();
            setOpen(true);
            setActive((index) => Math.min(index + 1, Math.max(options.length - 1, 0)));
          } else if (event.key === 'ArrowUp') {
            event.preventDefault();
            setActive((index) => Math.max(index - 1, 0));
          } else if (event.key === 'Enter' && open && options[active]) {
            event.preventDefault();
            choose(options[active]);
          } else if (event.key === 'Escape') {
            setOpen(false);
          }
        };
        return (
          <div className="relative">
            <label htmlFor={id} className="label">
              {label}
            </label>
            <input
              id={id}
              ref={field.ref}
              role="combobox"
              aria-expanded={open}
              aria-controls={listId}
              aria-autocomplete="list"
              aria-activedescendant={open && options[active] ? `${listId}-${options[active].id}` : undefined}
              aria-invalid={invalid || undefined}
              aria-describedby={invalid ? fieldErrorId(name) : undefined}
              autoComplete="off"
              className="input"
              placeholder={placeholder ?? t('typeToSearch')}
              value={text}
              onFocus={() => setOpen(true)}
              onChange={(event) => {
                setText(event.target.value);
                setActive(0);
                setOpen(true);
                if (selected && event.target.value !== selected.label) {
                  setSelected(null);
                  field.onChange(null);
                }
              }}
              onBlur={() => {
                field.onBlur();
                // Let a click on an option land first.
                setTimeout(() => setOpen(false), 150);
                if (!selected) setText('');
              }}
              onKeyDown={onKeyDown}
            />
            {open && (
              <ul
                id={listId}
                role="listbox"
                aria-label={label}
                className="absolute inset-x-0 z-20 mt-1 max-h-64 overflow-y-auto rounded-md border border-slate-200 bg-white py-1 shadow-lg"
              >
                {query.isPending && <li className="px-3 py-2 text-sm text-slate-600">{t('loading')}</li>}
                {query.isError && <li className="px-3 py-2 text-sm text-red-700">{t('loadError')}</li>}
                {query.isSuccess && options.length === 0 && <li className="px-3 py-2 text-sm text-slate-600">{t('noData')}</li>}
                {options.map((option, index) => (
                  // eslint-disable-next-line jsx-a11y/click-events-have-key-events -- the options are chosen with the arrow keys and Enter from the combobox input (aria-activedescendant); the click is the pointer's path
                  <li
                    key={option.id}
                    id={`${listId}-${option.id}`}
                    role="option"
                    aria-selected={selected?.id === option.id}
                    className={`cursor-pointer px-3 py-2 text-sm ${index === active ? 'bg-teal-50' : ''}`}
                    onMouseDown={(event) => event.preventDefault()}
                    onMouseEnter={() => setActive(index)}
                    onClick={() => choose(option)}
                  >
                    {option.label}
                    {option.hint && <span className="ms-2 text-slate-600">{option.hint}</span>}
                  </li>
                ))}
              </ul>
            )}
            <FieldError name={name} id={fieldErrorId(name)} />
          </div>
        );
      }}
    />
  );
}
