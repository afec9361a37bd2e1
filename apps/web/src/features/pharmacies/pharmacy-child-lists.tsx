import { useParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import type { TFunction } from 'i18next';
import { medicinePaths, type Medicine } from '@sehha/contract/medicines';
import { pharmacyBranchPaths, type PharmacyBranch } from '@sehha/contract/pharmacy-branches';
import type { Column } from '../../components/table/data-table';
import { ProviderChildList } from '../../components/providers/provider-child-list';
import { YesNoBadge } from '../../components/feedback/yes-no-badge';
import { useLanguage } from '../../lib/use-language';
import { formatMoney } from '../../lib/format';
import { localName } from '../../lib/local-name';

/** A list under one pharmacy: its route parameter, title, call, texts (a group of the `providers` namespace) and columns. */
type PharmacyList<T> = {
  param: string;
  title: string;
  resourceKey: string;
  path: (pharmacyId: number) => string;
  texts: 'medicines' | 'branches';
  columns: (t: TFunction<'providers'>, lng: string) => Column<T>[];
};

/** Route `medicine/{pharmacyId}`: a pharmacy's medicines. */
const medicines: PharmacyList<Medicine> = {
  param: 'pharmacyId',
  title: 'screens:medicines',
  resourceKey: 'medicines',
  path: medicinePaths.list,
  texts: 'medicines',
  columns: (t, lng) => [
    { id: 'name', header: t('medicines.name'), cell: (m) => <span className="font-medium">{localName(m, lng)}</span> },
    { id: 'category', header: t('medicines.category'), cell: (m) => (m.category ? localName(m.category, lng) : t('noValue')) },
    { id: 'price', header: t('medicines.price'), className: 'whitespace-nowrap', cell: (m) => formatMoney(m.price, lng) },
    { id: 'stock', header: t('medicines.inStock'), cell: (m) => <YesNoBadge value={m.in_stock} noTone="warning" /> },
  ],
};

/** Route `pharmacy/{PharmacyId}`: a pharmacy's branches. */
const branches: PharmacyList<PharmacyBranch> = {
  param: 'PharmacyId',
  title: 'screens:pharmacyBranches',
  resourceKey: 'pharmacy-branches',
  path: pharmacyBranchPaths.list,
  texts: 'branches',
  columns: (t, lng) => [
    { id: 'name', header: t('branches.name'), cell: (b) => <span className="font-medium">{localName(b, lng)}</span> },
    { id: 'address', header: t('branches.address'), cell: (b) => b.address ?? t('noValue') },
    { id: 'phone', header: t('branches.phone'), cell: (b) => <span dir="ltr">{b.phone ?? t('noValue')}</span> },
    { id: 'city', header: t('branches.city'), cell: (b) => (b.city ? localName(b.city, lng) : t('noValue')) },
    { id: 'open', header: t('branches.open'), cell: (b) => <YesNoBadge value={b.is_active} /> },
  ],
};

function PharmacyChildList<T extends { id: number }>({ list }: { list: PharmacyList<T> }) {
  const { t } = useTranslation('providers');
  const lng = useLanguage();
  const params = useParams();
  return (
    <ProviderChildList
      slug="pharmacies"
      providerId={params[list.param]}
      title={t(list.title)}
      resourceKey={list.resourceKey}
      path={list.path}
      columns={list.columns(t, lng)}
      fetchErrorKey={`providers:${list.texts}.fetchError`}
      emptyKey={`${list.texts}.empty`}
      searchPlaceholderKey={`${list.texts}.searchPlaceholder`}
    />
  );
}

export const MedicinesPage = () => <PharmacyChildList list={medicines} />;
export const PharmacyBranchesPage = () => <PharmacyChildList list={branches} />;
