import { ProviderDirectoryScreen } from '../../components/providers/provider-directory';

/** /{lng}/dashboard/doctors */
export default function DoctorsPage() {
  return <ProviderDirectoryScreen slug="doctors" name="doctors" />;
}
