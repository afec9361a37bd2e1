import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { render, screen, waitFor } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { routes } from './routes';
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
    expect(screen.queryByText('لوحة التحكم متاحة للمسؤولين فقط.')).not.toBeInTheDocument();
  });

  it('renders the lazily loaded screen inside the shell', async () => {
    setSession({ token: 't', role: 'admin' });
    renderAt('/en/dashboard/hospitals?tab=types');
    expect(await screen.findByRole('heading', { level: 1, name: 'Medical Institutions' }, lazyRoute)).toBeInTheDocument();
    expect(screen.getByRole('tab', { name: 'Types' })).toHaveAttribute('aria-selected', 'true');
    expect(screen.getByRole('link', { name: 'Types' })).toHaveAttribute('aria-current', 'page');
  });
});
