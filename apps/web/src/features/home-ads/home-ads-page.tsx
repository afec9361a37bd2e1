import { Link, useNavigate } from 'react-router';
import { useTranslation } from 'react-i18next';
import { homeAdPaths, type HomeAd } from '@sehha/contract/home-ads';
import { PageHeader } from '../../components/layout/page-header';
import type { Column } from '../../components/table/data-table';
import { RowActions } from '../../components/table/row-actions';
import { useListParams } from '../../components/table/use-list-params';
import { usePaginatedQuery } from '../../components/table/use-paginated-query';
import { ConfirmDialog } from '../../components/dialogs/confirm-dialog';
import { useResourceMutation } from '../../components/form/use-resource-mutation';
import { formatDate, formatNumber } from '../../lib/format';
import { useLanguage } from '../../lib/use-language';
import { homeAdsKey } from './home-ads-api';
import { PaginatedTable } from '../../components/table/paginated-table';
import { useConfirmedMutation } from '../../components/dialogs/use-confirmed-mutation';

/** /{lng}/dashboard/home-ads: the ads in display order, each as a thumbnail, with edit and delete. */
export default function HomeAdsPage() {
  const { t } = useTranslation('home-ads');
  const lng = useLanguage();
  const navigate = useNavigate();
  const params = useListParams();
  const query = usePaginatedQuery<HomeAd>(homeAdsKey, homeAdPaths.list, { page: params.page, per_page: params.perPage }, { errorMessageKey: 'home-ads:fetchError' });
  const remove = useResourceMutation<HomeAd>({
    resourceKey: homeAdsKey,
    request: (ad) => ({ path: homeAdPaths.destroy(ad.id), method: 'DELETE' }),
    successMessage: 'home-ads:deleted',
  });
  const deletion = useConfirmedMutation(remove);
  const formPath = `/${lng}/dashboard/addHomeAd`;
  const number = (ad: HomeAd) => formatNumber(ad.sort_order, lng);

  const columns: Column<HomeAd>[] = [
    {
      id: 'image',
      header: t('image'),
      cell: (ad) => (
        <a href={ad.image_url} target="_blank" rel="noreferrer">
          <img src={ad.image_url} alt={t('imageOf', { number: number(ad) })} loading="lazy" className="h-16 w-48 rounded border border-slate-200 object-cover" />
        </a>
      ),
    },
    { id: 'order', header: t('order'), cell: (ad) => number(ad) },
    { id: 'created_at', header: t('addedOn'), cell: (ad) => formatDate(ad.created_at, lng) },
    {
      id: 'actions',
      header: t('common:actions'),
      className: 'whitespace-nowrap',
      cell: (ad) => (
        <RowActions
          name={t('adName', { number: number(ad) })}
          onEdit={() => void navigate(`${formPath}?id=${ad.id}`, { state: { ad } })}
          onDelete={() => deletion.ask(ad)}
        />
      ),
    },
  ];

  return (
    <section data-screen="home-ads">
      <PageHeader
        title={t('listTitle')}
        breadcrumbs={[{ label: t('screens:home'), to: `/${lng}/dashboard/home` }, { label: t('listTitle') }]}
        actions={
          <Link to={formPath} className="btn-primary">
            {t('addButton')}
          </Link>
        }
      />
      <PaginatedTable
        query={query}
        params={params}
        onPageChange={params.setPage}
        caption={t('listTitle')}
        columns={columns}
        rowKey={(ad) => ad.id}
        errorMessage={t('fetchError')}
        emptyMessage={t('empty')}
      />
      <ConfirmDialog
        {...deletion.dialog}
        variant="delete"
        details={deletion.target ? <img src={deletion.target.image_url} alt={t('imageOf', { number: number(deletion.target) })} className="mt-2 max-h-24 rounded" /> : undefined}
      />
    </section>
  );
}
