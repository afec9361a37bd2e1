import { useParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { providerAdPaths, type ProviderAd } from '@sehha/contract/provider-ads';
import type { ProviderKindSlug } from '@sehha/contract/providers';
import type { Column } from '../../components/table/data-table';
import { ConfirmDialog } from '../../components/dialogs/confirm-dialog';
import { useResourceMutation } from '../../components/form/use-resource-mutation';
import { useLanguage } from '../../lib/use-language';
import { formatDate } from '../../lib/format';
import { RowActions } from '../../components/table/row-actions';
import { ProviderChildList } from './provider-child-list';
import { useConfirmedMutation } from '../../components/dialogs/use-confirmed-mutation';
import { YesNoBadge } from '../../components/feedback/yes-no-badge';

export const providerAdsKey = 'provider-ads';

type AdvertiserSlug = Exclude<ProviderKindSlug, 'pharmacies'>;

/** The one ads screen (doctor-ads, hospital-ads, company-ads, medical-center-ads): image, title, search, delete. */
export function ProviderAdsList({ slug, param, title }: { slug: AdvertiserSlug; param: string; title: string }) {
  const { t } = useTranslation('providers');
  const lng = useLanguage();
  const providerId = useParams()[param];
  const remove = useResourceMutation<ProviderAd>({
    resourceKey: providerAdsKey,
    request: (ad) => ({ path: providerAdPaths.destroy(ad.id), method: 'DELETE' }),
    successMessage: 'providers:ads.deleted',
  });
  const deletion = useConfirmedMutation(remove);
  const titleOf = (ad: ProviderAd) => (lng === 'ar' ? ad.title_ar : ad.title_en);

  const columns: Column<ProviderAd>[] = [
    {
      id: 'image',
      header: t('ads.image'),
      className: 'w-56',
      cell: (ad) => <img src={ad.image} alt={titleOf(ad)} loading="lazy" className="h-20 w-48 rounded object-cover" />,
    },
    { id: 'title', header: t('ads.title'), cell: (ad) => titleOf(ad) },
    {
      id: 'active',
      header: t('ads.active'),
      cell: (ad) => <YesNoBadge value={ad.is_active} />,
    },
    { id: 'created', header: t('ads.created'), className: 'whitespace-nowrap', cell: (ad) => formatDate(ad.created_at, lng) },
    {
      id: 'actions',
      header: t('columns.actions'),
      cell: (ad) => <RowActions name={titleOf(ad)} onDelete={() => deletion.ask(ad)} />,
    },
  ];

  return (
    <ProviderChildList
      slug={slug}
      providerId={providerId}
      title={title}
      resourceKey={providerAdsKey}
      path={providerAdPaths.list}
      columns={columns}
      rowKey={(ad) => ad.id}
      fetchErrorKey={`providers:ads.fetchError.${slug}`}
      emptyKey="ads.empty"
      searchPlaceholderKey="ads.searchPlaceholder"
    >
      <ConfirmDialog
        {...deletion.dialog}
        variant="delete"
        details={deletion.target ? titleOf(deletion.target) : undefined}
      />
    </ProviderChildList>
  );
}
