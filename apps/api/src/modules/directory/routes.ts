import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { z } from 'zod';
import { appPaths } from '@sehha/contract/app-paths';
import {
  directoryCountriesResponse,
  directoryDoctorResponse,
  directoryFacilitiesQuery,
  directoryFacilitiesResponse,
  directoryHospitalResponse,
  directoryMedicalCenterResponse,
  directoryPharmacyResponse,
  directoryDoctorsQuery,
  directoryDoctorsResponse,
  directoryHomeAdsResponse,
  directoryListResponse,
  directoryPageQuery,
  directoryPageResponse,
  directoryParentParams,
} from '@sehha/contract/directory';
import type { AppDeps } from '../../app-deps';
import { appRoute } from '../../auth/app-scope';
import { toPaginator, toSimplePaginator } from '../../http/paginate';
import { pageQuery } from '../../http/list-route';
import { createDirectoryDoctorsService } from './doctors-service';
import { createDirectoryFacilitiesService } from './facilities-service';
import { createDirectoryService } from './service';

const tags = ['app: directory'];

/** The directory's routes: catalogs, then doctors, pharmacies, hospitals and medical centers (public routes of the app scope, no token). */
export const directoryRoutes: FastifyPluginAsyncZod<AppDeps> = async (app, deps) => {
  const directory = createDirectoryService(deps.db);
  const doctors = createDirectoryDoctorsService(deps.db, deps.config.timeZone);
  const facilities = createDirectoryFacilitiesService(deps.db, deps.config.timeZone);

  /** A catalog answered whole (tens of rows): no query, no parameters. */
  const catalogRoute = (path: string, summary: string, response: z.ZodType, read: () => Promise<unknown>) =>
    app.get(appRoute(path), { schema: { tags, summary, response: { 200: response } } }, async () => ({ data: await read() }));

  catalogRoute(appPaths.specialities, 'Medical specialities, whole', directoryListResponse, directory.specialities);
  catalogRoute(appPaths.pharmacyCategories, 'Pharmacy (medicine) categories, whole', directoryListResponse, directory.pharmacyCategories);
  catalogRoute(appPaths.countries, 'Active countries, whole, with their flags', directoryCountriesResponse, directory.countries);
  catalogRoute(appPaths.homeAds, 'Active home ads in their order', directoryHomeAdsResponse, directory.homeAds);

  app.get(
    appRoute(appPaths.cities(':id')),
    {
      schema: {
        tags,
        summary: "A page of an active country's active cities",
        params: directoryParentParams,
        querystring: directoryPageQuery,
        response: { 200: directoryPageResponse },
      },
    },
    async (request) => ({ data: toPaginator(request, await directory.cities(request.params.id, request.query)) }),
  );

  app.get(
    appRoute(appPaths.states(':id')),
    {
      schema: {
        tags,
        summary: "A page of an active city's active states",
        params: directoryParentParams,
        querystring: directoryPageQuery,
        response: { 200: directoryPageResponse },
      },
    },
    async (request) => ({ data: toPaginator(request, await directory.states(request.params.id, request.query)) }),
  );

  app.get(
    appRoute(appPaths.doctors),
    {
      schema: {
        tags,
        summary: 'A page of the doctors the public may see (approved, active, license valid), by name or fee, without a total',
        querystring: directoryDoctorsQuery,
        response: { 200: directoryDoctorsResponse },
      },
      config: { keptAnswer: true },
    },
    async (request) => ({ data: toSimplePaginator(request, await doctors.page(pageQuery(request.query))) }),
  );

  /** A profile by id: a hidden or unknown one is 404. */
  const profileRoute = (path: string, summary: string, response: z.ZodType, read: (id: number) => Promise<unknown>) =>
    app.get(appRoute(path), { schema: { tags, summary, params: directoryParentParams, response: { 200: response } } }, async (request) => ({
      data: await read(request.params.id),
    }));

  profileRoute(
    appPaths.doctor(':id'),
    "A doctor's public profile, with the facilities they work in",
    directoryDoctorResponse,
    doctors.profile,
  );

  const facilityKinds = [
    ['pharmacy', 'pharmacies', appPaths.pharmacies],
    ['hospital', 'hospitals', appPaths.hospitals],
    ['medical_center', 'medical centers', appPaths.medicalCenters],
  ] as const;
  for (const [kind, plural, path] of facilityKinds)
    app.get(
      appRoute(path),
      {
        schema: {
          tags,
          summary: `A page of the ${plural} the public may see (approved, active, license valid), by name, without a total`,
          querystring: directoryFacilitiesQuery,
          response: { 200: directoryFacilitiesResponse },
        },
        config: { keptAnswer: true },
      },
      async (request) => ({ data: toSimplePaginator(request, await facilities.page(kind, pageQuery(request.query))) }),
    );

  profileRoute(
    appPaths.pharmacy(':id'),
    "A pharmacy's public profile, with its open branches",
    directoryPharmacyResponse,
    facilities.pharmacy,
  );
  profileRoute(
    appPaths.hospital(':id'),
    "A hospital's public profile, with its departments and their doctors",
    directoryHospitalResponse,
    facilities.hospital,
  );
  profileRoute(
    appPaths.medicalCenter(':id'),
    "A medical center's public profile, with its clinics and their doctors",
    directoryMedicalCenterResponse,
    facilities.medicalCenter,
  );
};
