import { useTranslation } from 'react-i18next';
import { TabbedScreen } from '../../components/layout/screen';
import { ResourceList } from '../../components/resource/resource-list';
import { ProviderDirectory } from '../../components/providers/provider-directory';
import { institutionTypes } from '../../resources/institution-types';

/** /{lng}/dashboard/hospitals: Medical Institutions | Types, the tab in `?tab=`. */
export default function HospitalsPage() {
  const { t } = useTranslation('institution-types');
  const tabs = [
    { id: 'institutions', label: t('tabInstitutions'), content: <ProviderDirectory slug="hospitals" /> },
    { id: 'types', label: t('tabTypes'), content: <ResourceList resource={institutionTypes} /> },
  ] as const;
  return <TabbedScreen name="hospitals" title={t('screens:hospitals')} tabs={tabs} tabsLabel={t('tabsLabel')} />;
}
