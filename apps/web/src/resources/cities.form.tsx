import { city, cityInput, type Country } from '@sehha/contract/locations';
import { namedForm } from '../components/resource/named-form';
import { parentField } from '../components/resource/parent-field';
import { countries } from './countries';

/** The country picker searches countries on the server, each with its dialling code. */
const country = parentField('country', countries, (row: Country) => row.mobile_prefix);

/** The city form (cities.tsx): the two names and the country. */
export const form = namedForm({ item: city, schema: () => cityInput, defaults: country.defaults, Fields: country.Field });
