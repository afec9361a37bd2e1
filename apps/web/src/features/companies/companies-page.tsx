import { ProviderDirectoryScreen } from '../../components/providers/provider-directory';

/** /{lng}/dashboard/company */
export default function CompaniesPage() {
  return <ProviderDirectoryScreen slug="companies" name="companies" />;
}
