import { institutionTypePaths } from '@sehha/contract/institution-types';
import { namedResource } from '../components/resource/named-resource';
import { YesNoBadge } from '../components/feedback/yes-no-badge';
import { paths } from '../config/paths';

/**
 * Medical institution types: the Types tab of `hospitals`, form at `addType` (institution-types.form.tsx; spec: edit
 * mode only from the row in navigation state, the API has no call for one type), texts in `types`.
 */
export const institutionTypes = namedResource({
  name: 'institution-types',
  texts: { ns: 'institution-types' },
  routes: { list: `${paths.hospitals.path}?tab=types`, form: paths.addType.path },
  paths: institutionTypePaths,
  stateKey: 'type',
  list: {
    screen: 'types',
    columns: ({ text }) => [
      {
        id: 'medical_under_instituted',
        header: text('medicalUnderInstituted'),
        cell: (type) => <YesNoBadge value={type.medical_under_instituted} />,
      },
    ],
  },
  form: async () => (await import('./institution-types.form')).form,
});
