import { useTranslation } from 'react-i18next';
import { PageHeader } from '../../components/layout/page-header';
import { UrlTabs, useUrlTab } from '../../components/layout/tabs';
import { useLanguage } from '../../lib/use-language';
import { InstitutionsTab } from './institutions-tab';
import { InstitutionTypesTab } from './institution-types-tab';

const tabs = ['institutions', 'types'] as const;

/** /{lng}/dashboard/hospitals: Medical Institutions | Types, the tab in `?tab=`. */
export default function HospitalsPage() {
  const { t } = useTranslation('types');
  const lng = useLanguage();
  const items = [
    { id: 'institutions', label: t('tabInstitutions') },
    { id: 'types', label: t('tabTypes') },
  ];
  const active = useUrlTab(items, tabs[0]);
  return (
    <section data-screen="hospitals">
      <PageHeader
        title={t('screens:hospitals')}
        breadcrumbs={[
          { label: t('screens:home'), to: `/${lng}/dashboard/home` },
          { label: t('screens:hospitals') },
        ]}
      />
      <UrlTabs tabs={items} active={active} label={t('tabsLabel')} />
      {active === 'types' ? <InstitutionTypesTab /> : <InstitutionsTab />}
    </section>
  );
}
