import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { idParams } from '@sehha/contract/fields';
import { messageResponse } from '@sehha/contract/envelope';
import {
  cityInput,
  cityListQuery,
  cityListResponse,
  cityPaths,
  cityResponse,
  countryInput,
  countryListQuery,
  countryListResponse,
  countryPaths,
  countryResponse,
  locationStatusInput,
  publicCitiesQuery,
  publicCountriesResponse,
  publicLocationPaths,
  publicLocationsResponse,
  publicStatesQuery,
  stateInput,
  stateListQuery,
  stateListResponse,
  statePaths,
  stateResponse,
} from '@sehha/contract/locations';
import type { FastifyRequest } from 'fastify';
import { toPaginator } from '../../http/paginate';
import { requestLanguage, translate, type Message } from '../../i18n/messages';
import { imageFormats, inspectUpload, requireUpload, storeUpload } from '../../storage/uploads';
import { withStoredFile } from '../../storage/replace-upload';
import type { AppDeps } from '../../app-deps';
import { createLocationService, locationMessages as messages } from './service';

const security = [{ bearer: [] }];
const flagUrl = (key: string | null) => (key ? `/storage/${key}` : null);
const withFlagUrl = <T extends { flag: string | null }>(country: T) => ({ ...country, flag_url: flagUrl(country.flag) });
const say = (request: FastifyRequest, message: Message) => translate(message, requestLanguage(request));

/** Countries, cities and states for admins (`/api/admin/...`) and their active ones for the public side (`/api/...`). */
export const locationRoutes: FastifyPluginAsyncZod<AppDeps> = async (app, deps) => {
  const locations = createLocationService(deps.db);

  /** The flag of a country form: checked by content, stored under a server-chosen name. */
  const storeFlag = async (request: FastifyRequest, required: boolean) => {
    const file = required ? requireUpload(request.uploads, 'flag', 'flagImageRequired') : request.uploads.get('flag');
    if (!file || file.data.length === 0) return undefined;
    return storeUpload(deps.storage, 'flags', file, await inspectUpload(file, { formats: imageFormats }));
  };

  // ---- countries ----
  {
    const tags = ['countries'];
    app.get(countryPaths.list, { schema: { tags, security, querystring: countryListQuery, response: { 200: countryListResponse } } }, async (request) => {
      const { page, per_page, search } = request.query;
      const result = await locations.countries.list({ page, perPage: per_page, search });
      return { data: toPaginator(request, { ...result, items: result.items.map(withFlagUrl) }) };
    });
    app.get(countryPaths.show(':id'), { schema: { tags, security, params: idParams, response: { 200: countryResponse } } }, async (request) => ({
      data: withFlagUrl(await locations.countries.show(request.params.id)),
    }));
    app.post(countryPaths.store, { config: { requiredUploads: { flag: 'flagImageRequired' } }, schema: { tags, security, body: countryInput, response: { 201: countryResponse } } }, async (request, reply) => {
      const flag = await storeFlag(request, true);
      const data = await withStoredFile(deps.storage, flag, () => locations.countries.create(request.admin!.id, { ...request.body, flag }));
      return reply.code(201).send({ message: say(request, messages.countryAdded), data: withFlagUrl(data) });
    });
    app.patch(countryPaths.update(':id'), { schema: { tags, security, params: idParams, body: countryInput, response: { 200: countryResponse } } }, async (request) => {
      const flag = await storeFlag(request, false);
      const data = await withStoredFile(deps.storage, flag, () => locations.countries.update(request.admin!.id, request.params.id, { ...request.body, flag }));
      return { message: say(request, messages.countryUpdated), data: withFlagUrl(data) };
    });
    app.patch(countryPaths.status(':id'), { schema: { tags, security, params: idParams, body: locationStatusInput, response: { 200: countryResponse } } }, async (request) => {
      const data = await locations.countries.setActive(request.admin!.id, request.params.id, request.body.is_active);
      return { message: say(request, messages.countryStatus), data: withFlagUrl(data) };
    });
    app.delete(countryPaths.destroy(':id'), { schema: { tags, security, params: idParams, response: { 200: messageResponse } } }, async (request) => {
      await withStoredFile(deps.storage, undefined, () => locations.countries.remove(request.admin!.id, request.params.id));
      return { message: say(request, messages.countryDeleted) };
    });
  }

  // ---- cities ----
  {
    const tags = ['cities'];
    app.get(cityPaths.list, { schema: { tags, security, querystring: cityListQuery, response: { 200: cityListResponse } } }, async (request) => {
      const { page, per_page, search, country_id } = request.query;
      return { data: toPaginator(request, await locations.cities.list({ page, perPage: per_page, search, countryId: country_id })) };
    });
    app.get(cityPaths.show(':id'), { schema: { tags, security, params: idParams, response: { 200: cityResponse } } }, async (request) => ({
      data: await locations.cities.show(request.params.id),
    }));
    app.post(cityPaths.store, { schema: { tags, security, body: cityInput, response: { 201: cityResponse } } }, async (request, reply) => {
      const data = await locations.cities.create(request.admin!.id, request.body);
      return reply.code(201).send({ message: say(request, messages.cityAdded), data });
    });
    app.patch(cityPaths.update(':id'), { schema: { tags, security, params: idParams, body: cityInput, response: { 200: cityResponse } } }, async (request) => ({
      message: say(request, messages.cityUpdated),
      data: await locations.cities.update(request.admin!.id, request.params.id, request.body),
    }));
    app.patch(cityPaths.status(':id'), { schema: { tags, security, params: idParams, body: locationStatusInput, response: { 200: cityResponse } } }, async (request) => ({
      message: say(request, messages.cityStatus),
      data: await locations.cities.setActive(request.admin!.id, request.params.id, request.body.is_active),
    }));
    app.delete(cityPaths.destroy(':id'), { schema: { tags, security, params: idParams, response: { 200: messageResponse } } }, async (request) => {
      await locations.cities.remove(request.admin!.id, request.params.id);
      return { message: say(request, messages.cityDeleted) };
    });
  }

  // ---- states ----
  {
    const tags = ['states'];
    app.get(statePaths.list, { schema: { tags, security, querystring: stateListQuery, response: { 200: stateListResponse } } }, async (request) => {
      const { page, per_page, search, city_id } = request.query;
      return { data: toPaginator(request, await locations.states.list({ page, perPage: per_page, search, cityId: city_id })) };
    });
    app.get(statePaths.show(':id'), { schema: { tags, security, params: idParams, response: { 200: stateResponse } } }, async (request) => ({
      data: await locations.states.show(request.params.id),
    }));
    app.post(statePaths.store, { schema: { tags, security, body: stateInput, response: { 201: stateResponse } } }, async (request, reply) => {
      const data = await locations.states.create(request.admin!.id, request.body);
      return reply.code(201).send({ message: say(request, messages.stateAdded), data });
    });
    app.patch(statePaths.update(':id'), { schema: { tags, security, params: idParams, body: stateInput, response: { 200: stateResponse } } }, async (request) => ({
      message: say(request, messages.stateUpdated),
      data: await locations.states.update(request.admin!.id, request.params.id, request.body),
    }));
    app.patch(statePaths.status(':id'), { schema: { tags, security, params: idParams, body: locationStatusInput, response: { 200: stateResponse } } }, async (request) => ({
      message: say(request, messages.stateStatus),
      data: await locations.states.setActive(request.admin!.id, request.params.id, request.body.is_active),
    }));
    app.delete(statePaths.destroy(':id'), { schema: { tags, security, params: idParams, response: { 200: messageResponse } } }, async (request) => {
      await locations.states.remove(request.admin!.id, request.params.id);
      return { message: say(request, messages.stateDeleted) };
    });
  }

  // ---- public side: active locations only (no token) ----
  {
    const tags = ['public locations'];
    app.get(publicLocationPaths.countries, { schema: { tags, response: { 200: publicCountriesResponse } } }, async () => ({
      data: (await locations.countries.active()).map(({ flag, ...country }) => ({ ...country, flag_url: flagUrl(flag) })),
    }));
    app.get(publicLocationPaths.cities, { schema: { tags, querystring: publicCitiesQuery, response: { 200: publicLocationsResponse } } }, async (request) => ({
      data: await locations.cities.active(request.query.country_id),
    }));
    app.get(publicLocationPaths.states, { schema: { tags, querystring: publicStatesQuery, response: { 200: publicLocationsResponse } } }, async (request) => ({
      data: await locations.states.active(request.query.city_id),
    }));
  }
};
