import { bloodGroup, bloodGroupInput, bloodGroupPaths } from '@sehha/contract/blood-groups';
import { namedResource } from '../components/resource/named-resource';
import { paths } from '../config/paths';

/** Blood groups (throwaway checklist catalog): list at `blood-groups`, form at `addBloodGroup`, texts in `blood-groups`. */
export const bloodGroups = namedResource({
  name: 'blood-groups',
  texts: { ns: 'blood-groups' },
  routes: { list: paths.bloodGroups.path, form: paths.addBloodGroup.path },
  paths: bloodGroupPaths,
  item: bloodGroup,
  stateKey: 'bloodGroup',
  list: { screen: 'blood-groups-list', returnToOpener: true },
  form: { schema: () => bloodGroupInput },
});
