import type { Column } from '../table/data-table';
import type { BilingualName } from '../../lib/local-name';
import type { ResourceContext } from './resource';

const nameColumn = <T extends BilingualName>(key: 'name_ar' | 'name_en', header: string, lang: 'ar' | 'en'): Column<T> => ({
  id: key,
  header,
  cell: (row) => (
    <span lang={lang} dir={lang === 'ar' ? 'rtl' : 'ltr'}>
      {row[key]}
    </span>
  ),
});

/** The Arabic and English name columns of a bilingual-name resource, each cell in its own direction. */
export const nameColumns = <T extends BilingualName>({ text }: ResourceContext): Column<T>[] => [
  nameColumn('name_ar', text('nameAr'), 'ar'),
  nameColumn('name_en', text('nameEn'), 'en'),
];
