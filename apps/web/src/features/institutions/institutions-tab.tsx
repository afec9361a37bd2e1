import { ProviderDirectory } from '../providers/provider-directory';

/** The Medical Institutions tab of /{lng}/dashboard/hospitals. */
export function InstitutionsTab() {
  return <ProviderDirectory slug="hospitals" />;
}
