import { afterEach, describe, expect, it, vi } from 'vitest';
import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { createMemoryRouter, RouterProvider } from 'react-router';
import type { AdminRole } from '@sehha/contract/status-codes';
import { configureApiClient } from '../lib/api-client';
import { meQuery } from '../lib/permissions';
import { ResourceFormPage } from '../components/resource/resource-form-page';
import { institutionTypes } from './institution-types';

/** The addType route's screen, with the form its route loads. */
const form = await institutionTypes.form();
const AddTypePage = () => <ResourceFormPage resource={institutionTypes} form={form} />;

const type = {
  id: 9,
  name_ar: 'مستشفى عام',
  name_en: 'General Hospital',
  medical_under_instituted: true,
  is_active: true,
  created_at: '',
  updated_at: '',
};

/** The signed-in admin, as /api/auth/me answers: what the role allows decides whether the form is offered. */
function signedInAs(adminRole: AdminRole) {
  const client = new QueryClient();
  client.setQueryData(meQuery.queryKey, {
    data: { id: 1, name: 'Admin', email: 'admin@sehha.test', role: 'admin', admin_role: adminRole },
  });
  return client;
}

function renderForm(state?: unknown, adminRole: AdminRole = 'super_admin') {
  const router = createMemoryRouter(
    [
      { path: '/:lng/dashboard/addType', element: <AddTypePage /> },
      { path: '/:lng/dashboard/hospitals', element: <p>types list</p> },
    ],
    { initialEntries: [{ pathname: '/en/dashboard/addType', state }] },
  );
  render(
    <QueryClientProvider client={signedInAs(adminRole)}>
      <RouterProvider router={router} />
    </QueryClientProvider>,
  );
  return router;
}

function stubFetch(status: number, body: unknown) {
  const fetch = vi.fn(async (_url: string, _init: RequestInit) => new Response(JSON.stringify(body), { status }));
  configureApiClient({ fetch: fetch as unknown as typeof globalThis.fetch });
  return fetch;
}

afterEach(() => configureApiClient({ fetch: (...args) => globalThis.fetch(...args) }));

describe('AddTypePage', () => {
  it('translates the contract message keys of short names', async () => {
    const fetch = stubFetch(201, {});
    renderForm();
    await userEvent.type(screen.getByLabelText('Arabic name'), 'أ');
    await userEvent.click(screen.getByRole('button', { name: 'Add Type' }));
    expect(await screen.findByText('Arabic name is required')).toBeInTheDocument();
    expect(screen.getByText('English name is required')).toBeInTheDocument();
    expect(fetch).not.toHaveBeenCalled();
  });

  it('creates with multipart and returns to the types tab', async () => {
    const fetch = stubFetch(201, { message: 'Type added successfully!', data: type });
    const router = renderForm();
    await userEvent.type(screen.getByLabelText('Arabic name'), 'عيادة');
    await userEvent.type(screen.getByLabelText('English name'), 'Clinic');
    await userEvent.click(screen.getByRole('switch', { name: 'Medical under institution' }));
    await userEvent.click(screen.getByRole('button', { name: 'Add Type' }));
    await waitFor(() => expect(router.state.location.search).toBe('?tab=types'));
    const [url, init] = fetch.mock.calls[0]!;
    expect(url).toBe('/api/admin/hospitalies/types/store');
    expect(Object.fromEntries((init.body as FormData).entries())).toEqual({
      name_ar: 'عيادة',
      name_en: 'Clinic',
      medical_under_instituted: '1',
    });
  });

  it('edits the type from navigation state and puts 422 errors on the fields', async () => {
    const fetch = stubFetch(422, { message: 'Taken', errors: { name_en: ['This name is already in use'] } });
    renderForm({ type });
    expect(screen.getByRole('heading', { level: 1, name: 'Edit Type' })).toBeInTheDocument();
    expect(screen.getByLabelText('Arabic name')).toHaveValue('مستشفى عام');
    expect(screen.getByLabelText('English name')).toHaveValue('General Hospital');
    expect(screen.getByRole('switch', { name: 'Medical under institution' })).toHaveAttribute('aria-checked', 'true');
    await userEvent.click(screen.getByRole('button', { name: 'Update Type' }));
    expect(await screen.findByText('This name is already in use')).toBeInTheDocument();
    expect(screen.getByLabelText('English name')).toHaveValue('General Hospital');
    const [url, init] = fetch.mock.calls[0]!;
    expect(url).toBe('/api/admin/hospitalies/types/update/9');
    expect((init.body as FormData).get('_method')).toBe('Patch');
  });

  it('tells a role that may not add types so, instead of a form the API would refuse', async () => {
    const fetch = stubFetch(201, {});
    renderForm(undefined, 'reviewer');
    expect(await screen.findByText('Your role does not allow you to open this screen.')).toBeInTheDocument();
    expect(screen.queryByLabelText('Arabic name')).not.toBeInTheDocument();
    expect(fetch).not.toHaveBeenCalled();
  });
});
