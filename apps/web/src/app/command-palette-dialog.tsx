import {
  useEffect,
  useId,
  useMemo,
  useRef,
  useState,
  type KeyboardEvent as ReactKeyboardEvent,
  type MouseEvent as ReactMouseEvent,
} from 'react';
import { useNavigate } from 'react-router';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import type { Envelope } from '@sehha/contract/envelope';
import type { GlobalSearchGroups, GlobalSearchHit } from '@sehha/contract/search';
import { globalSearchPaths, type GlobalSearchKind } from '@sehha/contract/search-paths';
import { Modal } from '../components/dialogs/modal';
import { apiRequest } from '../lib/api-client';
import { foldText } from '../lib/fold';
import { localName } from '../lib/local-name';
import { useLanguage } from '../lib/use-language';
import i18n, { loadLanguage } from '../i18n';
import { allowedEntries, entryHref } from './navigation';
import { usePermissions } from '../lib/permissions';
import { paths, type FixedScreenName } from '../config/paths';

/** Where a record opens: its directory, searched by the account's email (unique, so one row). */
const listOfKind: Record<GlobalSearchKind, FixedScreenName> = {
  doctor: 'doctors',
  pharmacy: 'pharmacies',
  hospital: 'hospitals',
  medical_center: 'medicalCenters',
  company: 'companies',
  user: 'users',
};

type Option = { id: string; label: string; detail?: string; to: string };
type Group = { key: string; label: string; options: Option[] };

/**
 * The palette itself, a chunk of its own fetched on the first ⌘K (command-palette.tsx): screens match their
 * names in both languages (Arabic folded as the lists are); from two characters on, records of every kind
 * come from GET /api/admin/search, five of each. Arrows move, Enter opens, Escape closes.
 */
export default function PaletteDialog({ onClose }: { onClose: () => void }) {
  const { t } = useTranslation('palette');
  const can = usePermissions();
  const lng = useLanguage();
  const other = lng === 'ar' ? 'en' : 'ar';
  const navigate = useNavigate();
  const id = useId();
  const [text, setText] = useState('');
  const [term, setTerm] = useState('');
  const [active, setActive] = useState(0);
  // The other language's screen names are matched too: its messages load when the palette opens.
  const [otherLoaded, setOtherLoaded] = useState(false);
  useEffect(() => {
    let live = true;
    Promise.all([loadLanguage(other), loadLanguage(other, 'dashboard')]).then(
      () => live && setOtherLoaded(true),
      () => undefined, // without them, screens match in this language only
    );
    return () => {
      live = false;
    };
  }, [other]);

  // Typing settles for 200 ms before the records are asked for.
  useEffect(() => {
    const timer = setTimeout(() => setTerm(text.trim()), 200);
    return () => clearTimeout(timer);
  }, [text]);

  const records = useQuery({
    queryKey: ['global-search', term],
    queryFn: ({ signal }) =>
      apiRequest<Envelope<GlobalSearchGroups>>(globalSearchPaths.search, { query: { q: term }, signal }).then((body) => body.data),
    enabled: term.length >= 2,
    staleTime: 30_000,
  });

  const groups = useMemo<Group[]>(() => {
    const wanted = foldText(text.trim());
    const otherNames = otherLoaded ? i18n.getFixedT(other, 'nav') : undefined;
    const screens = allowedEntries(can)
      .map((entry) => ({
        id: `${id}-screen-${entry.key}`,
        label: t(`nav:${entry.key}`),
        names: [t(`nav:${entry.key}`), otherNames?.(entry.key) ?? ''],
        to: entryHref(entry, lng),
      }))
      .filter((screen) => !wanted || screen.names.some((name) => foldText(name).includes(wanted)));
    const found: Group[] =
      term.length >= 2 && term === text.trim()
        ? (records.data ?? []).map((group) => ({
            key: group.kind,
            label: t(`kinds.${group.kind}`),
            options: group.hits.map((hit) => recordOption(id, hit, lng)),
          }))
        : [];
    return [...(screens.length ? [{ key: 'screens', label: t('screens'), options: screens }] : []), ...found];
  }, [text, term, records.data, otherLoaded, other, lng, id, t, can]);

  const options = groups.flatMap((group) => group.options);
  const current = options[Math.min(active, options.length - 1)];
  // The first option is chosen again when the options shown change, not when hidden data does: the records of a
  // term typed before the box was cleared may land after the arrows have moved.
  const shown = options.map((option) => option.id).join(' ');
  useEffect(() => setActive(0), [shown]);
  // Chromium sends a mousemove when the list appears or moves under a still pointer: only a pointer seen moving
  // (a second position) picks an option, so the arrows' choice stays.
  const pointer = useRef<{ x: number; y: number } | undefined>(undefined);
  const hover = (event: ReactMouseEvent, option: Option) => {
    const last = pointer.current;
    pointer.current = { x: event.clientX, y: event.clientY };
    if (!last || (last.x === event.clientX && last.y === event.clientY)) return;
    setActive(options.indexOf(option));
  };
  useEffect(() => {
    if (current) document.getElementById(current.id)?.scrollIntoView({ block: 'nearest' });
  }, [current]);

  const choose = (option: Option | undefined) => {
    if (!option) return;
    onClose();
    void navigate(option.to);
  };
  const onKeyDown = (event: ReactKeyboardEvent<HTMLInputElement>) => {
    if (event.key === 'ArrowDown' || event.key === 'ArrowUp') {
      event.preventDefault();
      if (options.length === 0) return;
      const step = event.key === 'ArrowDown' ? 1 : -1;
      setActive((index) => (Math.min(index, options.length - 1) + step + options.length) % options.length);
    } else if (event.key === 'Enter') {
      event.preventDefault();
      choose(current);
    }
  };

  let status = '';
  if (text.trim().length < 2) status = t('typeMore');
  else if (records.isError) status = t('failed');
  else if (records.isFetching || term !== text.trim()) status = t('searching');
  else if (options.length === 0) status = t('nothing', { q: text.trim() });

  return (
    <Modal open onClose={onClose} title={t('title')} size="lg">
      <div className="flex flex-col gap-3">
        <input
          data-autofocus
          type="text"
          role="combobox"
          aria-expanded="true"
          aria-controls={`${id}-list`}
          aria-autocomplete="list"
          aria-activedescendant={current?.id}
          aria-label={t('title')}
          aria-describedby={`${id}-status ${id}-hint`}
          placeholder={t('placeholder')}
          className="input"
          value={text}
          maxLength={100}
          onChange={(event) => setText(event.target.value)}
          onKeyDown={onKeyDown}
        />
        <p id={`${id}-status`} role="status" className="min-h-5 text-sm text-slate-600">
          {status}
        </p>
        <div id={`${id}-list`} role="listbox" aria-label={t('title')} className="max-h-[55vh] overflow-y-auto">
          {groups.map((group) => (
            <div key={group.key} role="group" aria-labelledby={`${id}-${group.key}`} className="mb-2">
              <div id={`${id}-${group.key}`} role="presentation" className="px-2 py-1 text-xs font-semibold text-slate-600 uppercase">
                {group.label}
              </div>
              {group.options.map((option) => (
                // eslint-disable-next-line jsx-a11y/click-events-have-key-events, jsx-a11y/interactive-supports-focus -- the options are reached with the arrow keys from the search input (aria-activedescendant); the click is the pointer's path
                <div
                  key={option.id}
                  id={option.id}
                  role="option"
                  aria-selected={option === current}
                  className={`flex cursor-pointer flex-col rounded-lg px-2 py-1.5 ${option === current ? 'bg-teal-50 text-teal-900' : 'text-slate-800'}`}
                  onMouseMove={(event) => hover(event, option)}
                  // The input keeps the focus: a click chooses without blurring it first.
                  onMouseDown={(event) => event.preventDefault()}
                  onClick={() => choose(option)}
                >
                  <bdi className="font-medium">{option.label}</bdi>
                  {option.detail && (
                    <span className="text-xs text-slate-600" dir="ltr">
                      {option.detail}
                    </span>
                  )}
                </div>
              ))}
            </div>
          ))}
        </div>
        <p id={`${id}-hint`} className="text-xs text-slate-600">
          {t('hint')}
        </p>
      </div>
    </Modal>
  );
}

function recordOption(id: string, hit: GlobalSearchHit, lng: string): Option {
  const label =
    hit.name_ar !== null && hit.name_en !== null ? localName({ name_ar: hit.name_ar, name_en: hit.name_en }, lng) || hit.name : hit.name;
  return {
    id: `${id}-${hit.kind}-${hit.id}`,
    label,
    detail: [hit.email, hit.phone].filter(Boolean).join(' · '),
    to: paths[listOfKind[hit.kind]].getHref(lng, { search: hit.email }),
  };
}
