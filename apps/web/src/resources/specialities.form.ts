import { speciality, specialityInput } from '@sehha/contract/specialities';
import { namedForm } from '../components/resource/named-form';

/** The speciality form (specialities.tsx): the two names. */
export const form = namedForm({ item: speciality, schema: () => specialityInput });
