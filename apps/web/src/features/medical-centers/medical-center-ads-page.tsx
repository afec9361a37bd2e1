import { useTranslation } from 'react-i18next';
import { ProviderAdsList } from '../../components/providers/provider-ads-list';

/** Route `medical-center-ads/{medicalCenterId}`: the ads of one medical center. */
export default function MedicalCenterAdsPage() {
  const { t } = useTranslation();
  return <ProviderAdsList slug="medical-centers" param="medicalCenterId" title={t('screens:medicalCenterAds')} />;
}
