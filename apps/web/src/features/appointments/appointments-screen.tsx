import { useParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import type { AppointmentOwner } from '@sehha/contract/appointments';
import { PageHeader } from '../../components/layout/page-header';
import { Pagination } from '../../components/table/pagination';
import { useListParams } from '../../components/table/use-list-params';
import { Spinner } from '../../components/feedback/spinner';
import { EmptyState } from '../../components/feedback/empty-state';
import { useLanguage } from '../../lib/use-language';
import { AppointmentCard } from './appointment-card';
import { pathOf, useAppointments } from './appointments-api';
import { ExportButton } from '../../components/resource/export-button';
// Whose appointments these are (their name heads the screen): the provider screens' query, so the cache is shared.
import { useProvider } from '../../components/providers/providers-api';
import { localNameOrOther } from '../../lib/local-name';
import { paths, type FixedScreenName } from '../../config/paths';

type AppointmentsScreenConfig = {
  /** data-screen name, as the route placeholders used. */
  screen: string;
  titleKey: 'doctorTitle' | 'hospitalTitle' | 'medicalCenterTitle';
  /** The breadcrumb's middle item: the list this screen is opened from; `ownerList`: the list that holds the owner (its crumb searches it). */
  parent: { labelKey: 'doctors' | 'hospitals'; list: FixedScreenName; ownerList?: FixedScreenName };
  /** Full class names, so that Tailwind sees them: 2 columns on small screens, 3 or 4 on large; one on a phone, where two would break phone numbers. */
  gridClassName: 'grid-cols-1 sm:grid-cols-2 lg:grid-cols-3' | 'grid-cols-1 sm:grid-cols-2 lg:grid-cols-4';
};

/**
 * The three appointment screens (spec §2). Every route names its parameter doctorId, whoever it belongs to:
 * `doctor-appointment/:doctorId` (Home / Doctors / Appointments, 3 columns on large screens),
 * `hospital-appointment/:doctorId` (the hospital's id; 4 columns) and `medicalCenter-appointment/:doctorId`
 * (the medical center's id; the hospital screen's layout, and, unlike the original, translated and with
 * language-prefixed links).
 */
const screens: Record<AppointmentOwner, AppointmentsScreenConfig> = {
  doctor: {
    screen: 'doctorAppointments',
    titleKey: 'doctorTitle',
    parent: { labelKey: 'doctors', list: 'doctors' },
    gridClassName: 'grid-cols-1 sm:grid-cols-2 lg:grid-cols-3',
  },
  hospital: {
    screen: 'hospitalAppointments',
    titleKey: 'hospitalTitle',
    parent: { labelKey: 'hospitals', list: 'hospitals' },
    gridClassName: 'grid-cols-1 sm:grid-cols-2 lg:grid-cols-4',
  },
  'medical-center': {
    screen: 'medicalCenterAppointments',
    titleKey: 'medicalCenterTitle',
    parent: { labelKey: 'hospitals', list: 'hospitals', ownerList: 'medicalCenters' },
    gridClassName: 'grid-cols-1 sm:grid-cols-2 lg:grid-cols-4',
  },
};

const positiveId = (value: string | undefined) => (value && /^[1-9]\d{0,15}$/.test(value) ? Number(value) : null);

/** One screen for the three appointment lists, configured per owner. */
export function AppointmentsScreen({ owner }: { owner: AppointmentOwner }) {
  const { screen, titleKey, parent, gridClassName } = screens[owner];
  const { t } = useTranslation('appointments');
  const lng = useLanguage();
  // Every appointment route names its parameter doctorId (spec §2), whoever it belongs to.
  const id = positiveId(useParams().doctorId);
  const { page, setPage } = useListParams();
  const query = useAppointments(owner, id, page);
  const items = query.data?.data ?? [];
  const holder = useProvider(id ?? undefined).data;
  const ownerName = holder ? localNameOrOther(holder, lng) : undefined;

  let body;
  if (id === null) body = <EmptyState tone="error" message={t('invalidId')} />;
  else if (query.isPending) body = <Spinner />;
  else if (query.isError && !query.data) body = <EmptyState tone="error" message={query.error.message || t('fetchError')} />;
  else if (items.length === 0) body = <EmptyState message={t('empty')} />;
  else
    body = (
      <ul
        aria-label={t('listLabel')}
        aria-busy={query.isPlaceholderData || undefined}
        className={`grid gap-4 ${gridClassName} ${query.isPlaceholderData ? 'opacity-60' : ''}`}
      >
        {items.map((appointment) => (
          <li key={appointment.id} className="min-w-0">
            <AppointmentCard appointment={appointment} lng={lng} />
          </li>
        ))}
      </ul>
    );

  return (
    <section data-screen={screen}>
      <PageHeader
        title={ownerName ? t('titleOf', { title: t(titleKey), name: ownerName }) : t(titleKey)}
        actions={id === null ? undefined : <ExportButton path={pathOf[owner](id)} />}
        breadcrumbs={[
          { label: t('home'), to: paths.home.getHref(lng) },
          { label: t(parent.labelKey), to: paths[parent.list].getHref(lng) },
          ...(holder && ownerName
            ? [{ label: ownerName, to: paths[parent.ownerList ?? parent.list].getHref(lng, { search: holder.name_en }) }]
            : []),
          { label: t('appointments') },
        ]}
      />
      {body}
      {query.data && query.data.total > 0 && (
        <Pagination paginator={query.data} onPageChange={setPage} disabled={query.isPlaceholderData} />
      )}
    </section>
  );
}
