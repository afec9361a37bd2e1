import { afterEach, describe, expect, it, vi } from 'vitest';
import { act, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { meQuery } from '../../lib/permissions';
import { setSession } from '../../lib/session';
import { renderWithProviders } from '../../test/render';
import { dispositionFilename, ExportButton } from './export-button';

/** A response whose body arrives in the given chunks, each released by the test. */
function streamedResponse(chunks: string[], headers: Record<string, string>) {
  const encoder = new TextEncoder();
  let release: () => void = () => {};
  const body = new ReadableStream<Uint8Array>({
    async pull(controller) {
      const next = chunks.shift();
      if (next === undefined) return controller.close();
      await new Promise<void>((resolve) => (release = resolve));
      controller.enqueue(encoder.encode(next));
    },
  });
  return { response: new Response(body, { status: 200, headers }), next: () => release() };
}

function renderButton(role: 'viewer' | undefined = 'viewer') {
  const rendered = renderWithProviders(
    <ExportButton path="/api/admin/users" query={{ search: 'سارة', page: 3, per_page: 25, sort: 'name' }} />,
  );
  if (role)
    act(() =>
      rendered.client.setQueryData(meQuery.queryKey, {
        data: { id: 1, name: 'A', email: 'a@sehha.test', role: 'admin', admin_role: role },
      }),
    );
  return rendered;
}

describe('ExportButton', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('reads the file name the server chose', () => {
    expect(dispositionFilename('attachment; filename="users-2026-11-24.csv"', 'x.csv')).toBe('users-2026-11-24.csv');
    expect(dispositionFilename(null, 'export.xlsx')).toBe('export.xlsx');
  });

  it('is hidden until the role is known', () => {
    renderButton(undefined);
    expect(screen.queryByRole('button')).toBeNull();
  });

  it("downloads the list's query (without paging) with the bearer token, shows the bytes received, then saves the file", async () => {
    setSession({ token: 'secret-token', role: 'admin' });
    const stream = streamedResponse(['\uFEFFID,Name\r\n', '1,سارة\r\n'], {
      'content-type': 'text/csv; charset=utf-8',
      'content-disposition': 'attachment; filename="users-2026-11-24.csv"',
    });
    // Only the export answers; /api/auth/me (the role, set below) stays pending.
    const fetch = vi.fn((url: string) => (url.includes('/export') ? Promise.resolve(stream.response) : new Promise<Response>(() => {})));
    vi.stubGlobal('fetch', fetch);
    const createObjectURL = vi.fn().mockReturnValue('blob:x');
    vi.stubGlobal('URL', Object.assign(URL, { createObjectURL, revokeObjectURL: vi.fn() }));
    const clicked: string[] = [];
    vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
      clicked.push(this.download);
    });
    renderButton();

    await userEvent.click(await screen.findByRole('button', { name: 'Export' }));
    await userEvent.click(screen.getByRole('menuitem', { name: 'CSV' }));
    const [url, init] = fetch.mock.calls.find(([called]) => called.includes('/export')) as unknown as [string, RequestInit];
    expect(url).toBe(`/api/admin/users/export?search=${encodeURIComponent('سارة')}&sort=name&format=csv`);
    expect(new Headers(init.headers).get('authorization')).toBe('Bearer secret-token');

    act(() => stream.next());
    await waitFor(() => expect(screen.getByRole('status')).toHaveTextContent('Exporting CSV… 1 KB'));
    expect(screen.getByRole('button', { name: 'Cancel' })).toBeInTheDocument();
    act(() => stream.next());
    await waitFor(() => expect(clicked).toEqual(['users-2026-11-24.csv']));
    expect(createObjectURL).toHaveBeenCalledTimes(1);
    await waitFor(() => expect(screen.getByRole('button', { name: 'Export' })).toBeInTheDocument());
  });
});
