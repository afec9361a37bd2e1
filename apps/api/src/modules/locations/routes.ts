import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { adminRoute } from '../../auth/admin-scope';
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
import { acceptUpload, imageFormats, requireUpload } from '../../storage/uploads';
import { withStoredFile } from '../../storage/replace-upload';
import type { AppDeps } from '../../app-deps';
import { createLocationService, locationMessages as messages } from './service';
const flagUrl = (key: string | null) => (key ? `/storage/${key}` : null);
const withFlagUrl = <T extends { flag: string | null }>(country: T) => ({ ...country, flag_url: flagUrl(country.flag) });
const say = (request: FastifyRequest, message: Message) => translate(message, requestLanguage(request));

/** Countries, cities and states for admins (`/api/admin/...`). */
export const locationRoutes: FastifyPluginAsyncZod<AppDeps> = async (app, deps) => {
  const locations = createLocationService(deps.db);

  /** The flag of a country form: checked by content, stored under a server-chosen name. */
  const storeFlag = async (request: FastifyRequest, required: boolean) => {
    const file = required ? requireUpload(request.uploads, 'flag', 'flagImageRequired') : request.uploads.get('flag');
    if (!file || file.size === 0) return undefined;
    return acceptUpload(deps, 'flags', file, { formats: imageFormats });
  };

  // ---- countries ----
  {
    const tags = ['countries'];
    app.get(adminRoute(countryPaths.list), { schema: { tags, querystring: countryListQuery, response: { 200: countryListResponse } } }, async (request) => {
      const { page, per_page, search } = request.query;
      const result = await locations.countries.list({ page, perPage: per_page, search });
      return { data: toPaginator(request, { ...result, items: result.items.map(withFlagUrl) }) };
    });
    app.get(adminRoute(countryPaths.show(':id')), { schema: { tags, params: idParams, response: { 200: countryResponse } } }, async (request) => ({
      data: withFlagUrl(await locations.countries.show(request.params.id)),
    }));
    app.post(adminRoute(countryPaths.store), { config: { requiredUploads: { flag: 'flagImageRequired' } }, schema: { tags, body: countryInput, response: { 201: countryResponse } } }, async (request, reply) => {
      const flag = await storeFlag(request, true);
      const data = await withStoredFile(deps.storage, flag, () => locations.countries.create(request.admin.id, { ...request.body, flag }));
      return reply.code(201).send({ message: say(request, messages.countryAdded), data: withFlagUrl(data) });
    });
    app.patch(adminRoute(countryPaths.update(':id')), { schema: { tags, params: idParams, body: countryInput, response: { 200: countryResponse } } }, async (request) => {
      const flag = await storeFlag(request, false);
      const data = await withStoredFile(deps.storage, flag, () => locations.countries.update(request.admin.id, request.params.id, { ...request.body, flag }));
      return { message: say(request, messages.countryUpdated), data: withFlagUrl(data) };
    });
    app.patch(adminRoute(countryPaths.status(':id')), { schema: { tags, params: idParams, body: locationStatusInput, response: { 200: countryResponse } } }, async (request) => {
      const data = await locations.countries.setActive(request.admin.id, request.params.id, request.body.is_active);
      return { message: say(request, messages.countryStatus), data: withFlagUrl(data) };
    });
    app.delete(adminRoute(countryPaths.destroy(':id')), { schema: { tags, params: idParams, response: { 200: messageResponse } } }, async (request) => {
      await withStoredFile(deps.storage, undefined, () => locations.countries.remove(request.admin.id, request.params.id));
      return { message: say(request, messages.countryDeleted) };
    });
  }

  // ---- cities ----
  {
    const tags = ['cities'];
    app.get(adminRoute(cityPaths.list), { schema: { tags, querystring: cityListQuery, response: { 200: cityListResponse } } }, async (request) => {
      const { page, per_page, search, country_id } = request.query;
      return { data: toPaginator(request, await locations.cities.list({ page, perPage: per_page, search, countryId: country_id })) };
    });
    app.get(adminRoute(cityPaths.show(':id')), { schema: { tags, params: idParams, response: { 200: cityResponse } } }, async (request) => ({
      data: await locations.cities.show(request.params.id),
    }));
    app.post(adminRoute(cityPaths.store), { schema: { tags, body: cityInput, response: { 201: cityResponse } } }, async (request, reply) => {
      const data = await locations.cities.create(request.admin.id, request.body);
      return reply.code(201).send({ message: say(request, messages.cityAdded), data });
    });
    app.patch(adminRoute(cityPaths.update(':id')), { schema: { tags, params: idParams, body: cityInput, response: { 200: cityResponse } } }, async (request) => ({
      message: say(request, messages.cityUpdated),
      data: await locations.cities.update(request.admin.id, request.params.id, request.body),
    }));
    app.patch(adminRoute(cityPaths.status(':id')), { schema: { tags, params: idParams, body: locationStatusInput, response: { 200: cityResponse } } }, async (request) => ({
      message: say(request, messages.cityStatus),
      data: await locations.cities.setActive(request.admin.id, request.params.id, request.body.is_active),
    }));
    app.delete(adminRoute(cityPaths.destroy(':id')), { schema: { tags, params: idParams, response: { 200: messageResponse } } }, async (request) => {
      await locations.cities.remove(request.admin.id, request.params.id);
      return { message: say(request, messages.cityDeleted) };
    });
  }

  // ---- states ----
  {
    const tags = ['states'];
    app.get(adminRoute(statePaths.list), { schema: { tags, querystring: stateListQuery, response: { 200: stateListResponse } } }, async (request) => {
      const { page, per_page, search, city_id } = request.query;
      return { data: toPaginator(request, await locations.states.list({ page, perPage: per_page, search, cityId: city_id })) };
    });
    app.get(adminRoute(statePaths.show(':id')), { schema: { tags, params: idParams, response: { 200: stateResponse } } }, async (request) => ({
      data: await locations.states.show(request.params.id),
    }));
    app.post(adminRoute(statePaths.store), { schema: { tags, body: stateInput, response: { 201: stateResponse } } }, async (request, reply) => {
      const data = await locations.states.create(request.admin.id, request.body);
      return reply.code(201).send({ message: say(request, messages.stateAdded), data });
    });
    app.patch(adminRoute(statePaths.update(':id')), { schema: { tags, params: idParams, body: stateInput, response: { 200: stateResponse } } }, async (request) => ({
      message: say(request, messages.stateUpdated),
      data: await locations.states.update(request.admin.id, request.params.id, request.body),
    }));
    app.patch(adminRoute(statePaths.status(':id')), { schema: { tags, params: idParams, body: locationStatusInput, response: { 200: stateResponse } } }, async (request) => ({
      message: say(request, messages.stateStatus),
      data: await locations.states.setActive(request.admin.id, request.params.id, request.body.is_active),
    }));
    app.delete(adminRoute(statePaths.destroy(':id')), { schema: { tags, params: idParams, response: { 200: messageResponse } } }, async (request) => {
      await locations.states.remove(request.admin.id, request.params.id);
      return { message: say(request, messages.stateDeleted) };
    });
  }
};

/** The public side (no token, outside the admin scope): active locations only. */
export const publicLocationRoutes: FastifyPluginAsyncZod<AppDeps> = async (app, deps) => {
  const locations = createLocationService(deps.db);
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
};
