import { useTranslation } from 'react-i18next';
import { ProviderAdsList } from '../../components/providers/provider-ads-list';

/** Route `doctor-ads/{doctorId}`: the ads of one doctor. */
export default function DoctorAdsPage() {
  const { t } = useTranslation();
  return <ProviderAdsList slug="doctors" param="doctorId" title={t('screens:doctorAds')} />;
}
