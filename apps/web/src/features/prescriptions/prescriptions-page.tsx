import { useEffect, useState } from 'react';
import { useNavigate } from 'react-router';
import { useTranslation } from 'react-i18next';
import { prescriptionPaths, type Prescription } from '@sehha/contract/prescriptions';
import { ToneBadge } from '../../components/feedback/tone-badge';
import { ExportButton } from '../../components/resource/export-button';
import { PageHeader } from '../../components/layout/page-header';
import { DataTable, type Column } from '../../components/table/data-table';
import { Pagination } from '../../components/table/pagination';
import { SearchBox } from '../../components/table/search-box';
import { useListParams } from '../../components/table/use-list-params';
import { isApiError } from '../../lib/api-client';
import { clearSession } from '../../lib/session';
import { useLanguage } from '../../lib/use-language';
import { PrescriptionImageDialog } from './prescription-image-dialog';
import { DeletedImage } from './deleted-image';
import { pharmacyNameOf, prescriptionImageUrl, replyStatusOf, replyTones } from './prescription-view';
import { usePrescriptionPage, usePrescriptionSearch } from './prescriptions-api';

/**
 * /{lng}/dashboard/prescription: search by pharmacy and a server-paged table. The list's page stays
 * in `?page=` while searching, so emptying the box shows the fetched page again (spec §4).
 */
export default function PrescriptionsPage() {
  const { t } = useTranslation('prescriptions');
  const lng = useLanguage();
  const navigate = useNavigate();
  const { page, search, setPage, clearFilters } = useListParams();
  const [searchPage, setSearchPage] = useState(1);
  const [open, setOpen] = useState<Prescription | null>(null);
  const list = usePrescriptionPage(page);
  const found = usePrescriptionSearch(search, searchPage);
  const searching = search !== '';
  const shown = searching ? found : list;

  useEffect(() => setSearchPage(1), [search]);

  // Spec §6: 'Unauthenticated.' removes the stored token and goes to the login screen.
  useEffect(() => {
    const error = list.error ?? found.error;
    if (isApiError(error) && error.message === 'Unauthenticated.') {
      clearSession();
      void navigate(`/${lng}/login`, { replace: true });
    }
  }, [list.error, found.error, lng, navigate]);

  const columns: Column<Prescription>[] = [
    {
      id: 'image',
      header: t('prescription'),
      className: 'w-32',
      cell: (row) => {
        const url = prescriptionImageUrl(row);
        if (url === null) return <DeletedImage prescription={row} />;
        return (
          <button
            type="button"
            className="block overflow-hidden rounded-lg bg-slate-50 ring-1 ring-slate-200 hover:ring-teal-400 focus-visible:ring-2 focus-visible:ring-teal-500 focus-visible:outline-none"
            aria-label={t('viewImage', { user: row.user.name, pharmacy: pharmacyNameOf(row, lng) })}
            onClick={() => setOpen(row)}
          >
            <img src={url} alt="" loading="lazy" width={96} height={96} className="size-24 object-cover" />
          </button>
        );
      },
    },
    { id: 'pharmacy', header: t('pharmacyName'), cell: (row) => <bdi>{pharmacyNameOf(row, lng)}</bdi> },
    { id: 'user', header: t('userName'), cell: (row) => <bdi>{row.user.name}</bdi> },
    {
      id: 'reply',
      header: t('replyStatus'),
      cell: (row) => {
        const status = replyStatusOf(row);
        return <ToneBadge tone={replyTones[status]}>{t(`replyStatuses.${status}`)}</ToneBadge>;
      },
    },
  ];

  const listError = list.error ? (isApiError(list.error) && list.error.message) || t('fetchError') : undefined;
  return (
    <section data-screen="prescriptions">
      <PageHeader title={t('title')} actions={<ExportButton path={prescriptionPaths.list} query={{ pharmacy_name: search }} />} />
      <div className="mb-4">
        <SearchBox keepPage placeholder={t('searchPlaceholder')} label={t('searchLabel')} />
      </div>
      <DataTable
        caption={t('tableCaption')}
        columns={columns}
        rows={shown.data?.data}
        loading={shown.isPending && shown.fetchStatus !== 'idle'}
        fetching={shown.isPlaceholderData}
        error={searching ? found.isError : list.isError}
        errorMessage={searching ? t('fetchError') : listError}
        emptyMessage={searching ? t('noResults') : t('empty')}
        onClearFilters={searching ? clearFilters : undefined}
        // Spec: "A spinner while loading".
        loadingStyle="spinner"
        onRetry={() => void shown.refetch()}
      />
      {shown.data && shown.data.total > 0 && (
        <Pagination paginator={shown.data} onPageChange={searching ? setSearchPage : setPage} disabled={shown.isPlaceholderData} />
      )}
      <PrescriptionImageDialog prescription={open} lng={lng} onClose={() => setOpen(null)} />
    </section>
  );
}
