import { useParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { providerAdPaths, type ProviderAd } from '@sehha/contract/provider-ads';
import type { ProviderKindSlug } from '@sehha/contract/providers';
import type { Column } from '../table/data-table';
import { ConfirmDialog } from '../dialogs/confirm-dialog';
import { useResourceMutation } from '../form/use-resource-mutation';
import { useLanguage } from '../../lib/use-language';
import { formatDate } from '../../lib/format';
import { RowActions } from '../table/row-actions';
import { ProviderChildList } from './provider-child-list';
import { useConfirmedMutation } from '../dialogs/use-confirmed-mutation';
import { YesNoBadge } from '../feedback/yes-no-badge';
import { localText } from '../../lib/local-name';
import { useCanCall } from '../../lib/can-call';

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
  const canDelete = useCanCall()('DELETE', providerAdPaths.destroy(':id'));
  const titleOf = (ad: ProviderAd) => localText(ad, 'title', lng);

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
      cell: (ad) => <RowActions name={titleOf(ad)} onDelete={canDelete ? () => deletion.ask(ad) : undefined} />,
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
      fetchErrorKey={`providers:ads.fetchError.${slug}`}
      emptyKey="ads.empty"
      searchPlaceholderKey="ads.searchPlaceholder"
    >
      <ConfirmDialog {...deletion.dialog} variant="delete" details={deletion.target ? titleOf(deletion.target) : undefined} />
    </ProviderChildList>
  );
}
