import { useCallback, useEffect, useId, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useListParams } from './use-list-params';

type SearchBoxProps = {
  placeholder?: string | undefined;
  label?: string | undefined;
  delayMs?: number | undefined;
  /** Keep `?page=` when searching (the screen pages its search results separately). */
  keepPage?: boolean | undefined;
};

/** Search text, debounced into the URL (`?search=`, page reset to 1); Enter and leaving the box search at once. */
export function SearchBox({ placeholder, label, delayMs = 350, keepPage = false }: SearchBoxProps) {
  const { t } = useTranslation();
  const id = useId();
  const { search, setSearch } = useListParams();
  const [text, setText] = useState(search);
  const lastWritten = useRef(search);

  // The URL changed from elsewhere (back button, tab switch): follow it.
  useEffect(() => {
    if (search !== lastWritten.current) {
      lastWritten.current = search;
      setText(search);
    }
  }, [search]);

  const commit = useCallback(
    (value: string) => {
      if (value.trim() === lastWritten.current) return;
      lastWritten.current = value.trim();
      setSearch(value, { keepPage });
    },
    [setSearch, keepPage],
  );

  useEffect(() => {
    if (text.trim() === lastWritten.current) return;
    const timer = setTimeout(() => commit(text), delayMs);
    return () => clearTimeout(timer);
  }, [text, delayMs, commit]);

  return (
    <div className="w-full max-w-sm">
      <label htmlFor={id} className="sr-only">
        {label ?? t('search')}
      </label>
      <input
        id={id}
        type="search"
        value={text}
        onChange={(event) => setText(event.target.value)}
        onKeyDown={(event) => {
          if (event.key === 'Enter') commit(text);
        }}
        onBlur={() => commit(text)}
        placeholder={placeholder ?? t('searchPlaceholder')}
        className="input"
        maxLength={100}
      />
    </div>
  );
}
