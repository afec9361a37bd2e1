import { state, stateInput, type City } from '@sehha/contract/locations';
import { namedForm } from '../components/resource/named-form';
import { parentField } from '../components/resource/parent-field';
import { localName } from '../lib/local-name';
import { cities } from './cities';

/** The city picker searches cities on the server (there may be thousands), each with its country. */
const city = parentField('city', cities, (row: City, lng) => localName(row.country, lng));

/** The state form (states.tsx): the two names and the city. */
export const form = namedForm({ item: state, schema: () => stateInput, defaults: city.defaults, Fields: city.Field });
