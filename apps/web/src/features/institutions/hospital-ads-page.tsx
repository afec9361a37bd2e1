import { useTranslation } from 'react-i18next';
import { ProviderAdsList } from '../../components/providers/provider-ads-list';

/** Route `hospital-ads/{hospitalId}`: the ads of one medical institution. */
export default function HospitalAdsPage() {
  const { t } = useTranslation();
  return <ProviderAdsList slug="hospitals" param="hospitalId" title={t('screens:hospitalAds')} />;
}
