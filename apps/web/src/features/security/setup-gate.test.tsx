import { describe, expect, it } from 'vitest';
import { render, screen } from '@testing-library/react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { createMemoryRouter, Outlet, RouterProvider } from 'react-router';
import { meQuery } from '../../lib/permissions';
import { TwoFactorSetupGate } from './setup-gate';

/** The gate in a dashboard-like tree, with /api/auth/me already answered. */
function renderAt(path: string, mustEnrol: boolean | undefined) {
  const client = new QueryClient({ defaultOptions: { queries: { enabled: false } } });
  client.setQueryData(meQuery.queryKey, {
    data: { id: 1, name: 'A', email: 'a@sehha.test', role: 'admin', admin_role: 'super_admin', two_factor_required_setup: mustEnrol },
  });
  const router = createMemoryRouter(
    [
      {
        path: '/:lng/dashboard',
        element: (
          <TwoFactorSetupGate>
            <Outlet />
          </TwoFactorSetupGate>
        ),
        children: ['home', 'users', 'security', 'sessions'].map((name) => ({ path: name, element: <p>{name} screen</p> })),
      },
    ],
    { initialEntries: [path] },
  );
  render(
    <QueryClientProvider client={client}>
      <RouterProvider router={router} />
    </QueryClientProvider>,
  );
  return router;
}

describe('REQUIRE_2FA in the dashboard', () => {
  it.each(['en', 'ar'])('takes a super admin who must enrol from any screen to Security (%s)', async (lng) => {
    const router = renderAt(`/${lng}/dashboard/users`, true);
    expect(await screen.findByText('security screen')).toBeVisible();
    expect(router.state.location.pathname).toBe(`/${lng}/dashboard/security`);
  });

  it('leaves the Sessions screen open, and everyone else where they are', async () => {
    renderAt('/en/dashboard/sessions', true);
    expect(await screen.findByText('sessions screen')).toBeVisible();
  });

  it.each([false, undefined])('does not move an admin who need not enrol (%s)', async (mustEnrol) => {
    const router = renderAt('/en/dashboard/users', mustEnrol);
    expect(await screen.findByText('users screen')).toBeVisible();
    expect(router.state.location.pathname).toBe('/en/dashboard/users');
  });
});
