import { Link, useNavigate } from 'react-router';
import { useTranslation } from 'react-i18next';
import type { InstitutionType } from '@sehha/contract/institution-types';
import type { Column } from '../../components/table/data-table';
import { RowActions } from '../../components/table/row-actions';
import { StatusToggle } from '../../components/table/status-toggle';
import { useListParams } from '../../components/table/use-list-params';
import { ConfirmDialog } from '../../components/dialogs/confirm-dialog';
import { useLanguage } from '../../lib/use-language';
import { institutionTypesKey, institutionTypeStatusRequest, useDeleteInstitutionType, useInstitutionTypes } from './institution-types-api';
import { PaginatedTable } from '../../components/table/paginated-table';
import { useConfirmedMutation } from '../../components/dialogs/use-confirmed-mutation';
import { ListToolbar } from '../../components/table/list-toolbar';
import { YesNoBadge } from '../../components/feedback/yes-no-badge';
import { localName } from '../../lib/local-name';

/** The Types tab of /{lng}/dashboard/hospitals?tab=types. */
export function InstitutionTypesTab() {
  const { t } = useTranslation('types');
  const lng = useLanguage();
  const navigate = useNavigate();
  const params = useListParams();
  const query = useInstitutionTypes(params.query);
  const remove = useDeleteInstitutionType();
  const deletion = useConfirmedMutation(remove);
  const addTypePath = `/${lng}/dashboard/addType`;

  const columns: Column<InstitutionType>[] = [
    { id: 'name_ar', header: t('nameAr'), cell: (type) => <span lang="ar" dir="rtl">{type.name_ar}</span> },
    { id: 'name_en', header: t('nameEn'), cell: (type) => <span lang="en" dir="ltr">{type.name_en}</span> },
    {
      id: 'medical_under_instituted',
      header: t('medicalUnderInstituted'),
      cell: (type) => <YesNoBadge value={type.medical_under_instituted} />,
    },
    {
      id: 'status',
      header: t('status'),
      cell: (type) => (
        <StatusToggle
          checked={type.is_active}
          label={t('toggleStatus', { name: localName(type, lng) })}
          resourceKey={institutionTypesKey}
          request={institutionTypeStatusRequest(type)}
          successMessage="types:statusUpdated"
        />
      ),
    },
    {
      id: 'actions',
      header: t('common:actions'),
      className: 'whitespace-nowrap',
      cell: (type) => (
        <RowActions name={localName(type, lng)} onEdit={() => void navigate(addTypePath, { state: { type } })} onDelete={() => deletion.ask(type)} />
      ),
    },
  ];

  return (
    <section aria-labelledby="types-title" data-screen="types">
      <ListToolbar headingId="types-title" title={t('listTitle')} searchPlaceholder={t('searchPlaceholder')}>
        <Link to={addTypePath} className="btn-primary">
          {t('addButton')}
        </Link>
      </ListToolbar>
      <PaginatedTable
        query={query}
        params={params}
        onPageChange={params.setPage}
        caption={t('listTitle')}
        columns={columns}
        rowKey={(type) => type.id}
        errorMessage={t('fetchError')}
        emptyMessage={t('empty')}
      />
      <ConfirmDialog
        {...deletion.dialog}
        variant="delete"
        details={deletion.target ? localName(deletion.target, lng) : undefined}
      />
    </section>
  );
}
