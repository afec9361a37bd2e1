import { useParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { medicinePaths, type Medicine } from '@sehha/contract/medicines';
import type { Column } from '../../components/table/data-table';
import { useLanguage } from '../../lib/use-language';
import { formatMoney } from '../../lib/format';
import { ProviderChildList } from '../providers/provider-child-list';
import { YesNoBadge } from '../../components/feedback/yes-no-badge';
import { localName } from '../../lib/local-name';

/** Route `medicine/{pharmacyId}`: a pharmacy's medicines. */
export default function MedicinesPage() {
  const { t } = useTranslation('providers');
  const lng = useLanguage();
  const { pharmacyId } = useParams();
  const columns: Column<Medicine>[] = [
    { id: 'name', header: t('medicines.name'), cell: (m) => <span className="font-medium">{localName(m, lng)}</span> },
    { id: 'category', header: t('medicines.category'), cell: (m) => (m.category ? localName(m.category, lng) : t('noValue')) },
    { id: 'price', header: t('medicines.price'), className: 'whitespace-nowrap', cell: (m) => formatMoney(m.price, lng) },
    {
      id: 'stock',
      header: t('medicines.inStock'),
      cell: (m) => <YesNoBadge value={m.in_stock} noTone="warning" />,
    },
  ];
  return (
    <ProviderChildList
      slug="pharmacies"
      providerId={pharmacyId}
      title={t('screens:medicines')}
      resourceKey="medicines"
      path={medicinePaths.list}
      columns={columns}
      rowKey={(m) => m.id}
      fetchErrorKey="providers:medicines.fetchError"
      emptyKey="medicines.empty"
      searchPlaceholderKey="medicines.searchPlaceholder"
    />
  );
}
