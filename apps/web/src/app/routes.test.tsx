import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { render, screen, waitFor } from '@testing-library/react';
import { createMemoryRouter, matchRoutes, RouterProvider, type RouteObject } from 'react-router';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { routes } from './routes';
import { paths, sampleHref, type ScreenName } from '../config/paths';
import type { RouteHandle } from '../lib/document-title';
import { configureApiClient } from '../lib/api-client';
import { setSession } from '../lib/session';
import '../i18n';

/** Lazy routes import their screen's chunk first: on a busy machine that takes longer than waitFor's 1 s default. */
const lazyRoute = { timeout: 10_000 };

function renderAt(path: string) {
  const router = createMemoryRouter(routes, { initialEntries: [path] });
  render(
    <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
      <RouterProvider router={router} />
    </QueryClientProvider>,
  );
  return router;
}

const locationOf = (router: ReturnType<typeof createMemoryRouter>) => `${router.state.location.pathname}${router.state.location.search}`;

beforeEach(() => {
  // Screens may query the API; keep those calls pending.
  configureApiClient({ fetch: () => new Promise<Response>(() => {}) });
});
afterEach(() => configureApiClient({ fetch: (...args) => globalThis.fetch(...args) }));

describe('route table', () => {
  it.each([
    ['/', '/en/login'],
    ['/nothing/here/at/all', '/en/login'],
    ['/en/dashboard/not-a-screen', '/en/login'],
    ['/fr/login', '/en/login'],
    ['/ar', '/ar/login'],
  ])('%s → %s', async (from, to) => {
    const router = renderAt(from);
    await waitFor(() => expect(locationOf(router)).toBe(to), lazyRoute);
  });

  it('guards the dashboard: no token → /{lng}/login', async () => {
    const router = renderAt('/ar/dashboard/doctors');
    await waitFor(() => expect(locationOf(router)).toBe('/ar/login'), lazyRoute);
  });

  it('falls back to en on the same path and query', async () => {
    setSession({ token: 't', role: 'admin' });
    const router = renderAt('/de/dashboard/hospitals?tab=types');
    await waitFor(() => expect(locationOf(router)).toBe('/en/dashboard/hospitals?tab=types'), lazyRoute);
  });

  it('redirects the dashboard index to home and sets <html lang dir>', async () => {
    setSession({ token: 't', role: 'admin' });
    const router = renderAt('/ar/dashboard');
    await waitFor(() => expect(locationOf(router)).toBe('/ar/dashboard/home'), lazyRoute);
    expect(document.documentElement.lang).toBe('ar');
    expect(document.documentElement.dir).toBe('rtl');
  });

  it("says a signed-in admin's mistyped address names no page, inside the shell, with the way back", async () => {
    setSession({ token: 't', role: 'admin' });
    const router = renderAt('/ar/dashboard/licenses');
    expect(await screen.findByRole('heading', { level: 1, name: 'الصفحة غير موجودة' }, lazyRoute)).toBeInTheDocument();
    expect(locationOf(router)).toBe('/ar/dashboard/licenses');
    expect(screen.getByRole('link', { name: 'العودة إلى لوحة التحكم' })).toHaveAttribute('href', '/ar/dashboard/home');
    expect(screen.queryByText('لوحة التحكم متاحة للمشرفين فقط.')).not.toBeInTheDocument();
  });

  it('renders the lazily loaded screen inside the shell', async () => {
    setSession({ token: 't', role: 'admin' });
    renderAt('/en/dashboard/hospitals?tab=types');
    expect(await screen.findByRole('heading', { level: 1, name: 'Medical Institutions' }, lazyRoute)).toBeInTheDocument();
    expect(screen.getByRole('tab', { name: 'Types' })).toHaveAttribute('aria-selected', 'true');
    expect(screen.getByRole('link', { name: 'Types' })).toHaveAttribute('aria-current', 'page');
  });
});

/** Every route path under /:lng/dashboard, joined from the nested route objects ('*' and index routes are not screens). */
function dashboardRoutePaths(objects: readonly RouteObject[], parent = ''): string[] {
  return objects.flatMap((route) => {
    const here = route.path ? (parent ? `${parent}/${route.path}` : route.path) : parent;
    const own = route.path && route.path !== '*' && here.startsWith('/:lng/dashboard/') ? [here.slice('/:lng/dashboard/'.length)] : [];
    return [...own, ...dashboardRoutePaths(route.children ?? [], here)];
  });
}

describe('the route table (config/paths.ts)', () => {
  const samples = { doctor: 11, pharmacy: 12, hospital: 13, medicalCenter: 14, company: 15, department: 16, clinic: 17 };

  it('lists exactly the screens the router serves, once each', () => {
    const routed = dashboardRoutePaths(routes);
    const tabled = Object.values(paths).map((screen) => screen.path);
    expect(new Set(tabled).size).toBe(tabled.length);
    expect([...routed].sort()).toEqual([...tabled].sort());
  });

  it.each(Object.keys(paths) as ScreenName[])('%s: its link opens its own screen (title screens:<name>)', (name) => {
    const href = sampleHref('en', name, samples);
    const matches = matchRoutes(routes, href) ?? [];
    const handle = matches.at(-1)?.route.handle as RouteHandle | undefined;
    expect(handle?.title).toBe(`screens:${name}`);
  });

  it('fills parameters in order with the records they hold', () => {
    expect(paths.hospitalDoctors.getHref('ar', 3, 9)).toBe('/ar/dashboard/hospital-doctors/3/9');
    expect(paths.hospitals.getHref('en', { tab: 'types' })).toBe('/en/dashboard/hospitals?tab=types');
    expect(sampleHref('en', 'hospitalAppointments', samples)).toBe('/en/dashboard/hospital-appointment/13');
  });
});
