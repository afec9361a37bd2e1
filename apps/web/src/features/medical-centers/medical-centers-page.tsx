import { ProviderDirectoryScreen } from '../../components/providers/provider-directory';

/** /{lng}/dashboard/medical-center */
export default function MedicalCentersPage() {
  return <ProviderDirectoryScreen slug="medical-centers" name="medical-centers" />;
}
