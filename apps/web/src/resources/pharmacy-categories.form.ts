import { pharmacyCategory, pharmacyCategoryInput } from '@sehha/contract/pharmacy-categories';
import { namedForm } from '../components/resource/named-form';

/** The pharmacy category form (pharmacy-categories.tsx): the two names. */
export const form = namedForm({ item: pharmacyCategory, schema: () => pharmacyCategoryInput });
