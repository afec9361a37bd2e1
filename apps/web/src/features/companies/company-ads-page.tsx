import { useTranslation } from 'react-i18next';
import { ProviderAdsList } from '../../components/providers/provider-ads-list';

/** Route `company-ads/{companyId}`: the ads of one company. */
export default function CompanyAdsPage() {
  const { t } = useTranslation();
  return <ProviderAdsList slug="companies" param="companyId" title={t('screens:companyAds')} />;
}
