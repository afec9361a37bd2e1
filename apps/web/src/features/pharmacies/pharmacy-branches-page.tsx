import { useParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { pharmacyBranchPaths, type PharmacyBranch } from '@sehha/contract/pharmacy-branches';
import type { Column } from '../../components/table/data-table';
import { useLanguage } from '../../lib/use-language';
import { ProviderChildList } from '../providers/provider-child-list';
import { YesNoBadge } from '../../components/feedback/yes-no-badge';
import { localName } from '../../lib/local-name';

/** Route `pharmacy/{PharmacyId}`: a pharmacy's branches. */
export default function PharmacyBranchesPage() {
  const { t } = useTranslation('providers');
  const lng = useLanguage();
  const { PharmacyId } = useParams();
  const columns: Column<PharmacyBranch>[] = [
    { id: 'name', header: t('branches.name'), cell: (b) => <span className="font-medium">{localName(b, lng)}</span> },
    { id: 'address', header: t('branches.address'), cell: (b) => b.address ?? t('noValue') },
    { id: 'phone', header: t('branches.phone'), cell: (b) => <span dir="ltr">{b.phone ?? t('noValue')}</span> },
    { id: 'city', header: t('branches.city'), cell: (b) => (b.city ? localName(b.city, lng) : t('noValue')) },
    {
      id: 'open',
      header: t('branches.open'),
      cell: (b) => <YesNoBadge value={b.is_active} />,
    },
  ];
  return (
    <ProviderChildList
      slug="pharmacies"
      providerId={PharmacyId}
      title={t('screens:pharmacyBranches')}
      resourceKey="pharmacy-branches"
      path={pharmacyBranchPaths.list}
      columns={columns}
      rowKey={(b) => b.id}
      fetchErrorKey="providers:branches.fetchError"
      emptyKey="branches.empty"
      searchPlaceholderKey="branches.searchPlaceholder"
    />
  );
}
