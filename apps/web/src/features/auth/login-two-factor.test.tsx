import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { validationMessages } from '@sehha/contract/validation-messages';
import i18n from '../../i18n';
import { configureApiClient } from '../../lib/api-client';
import { getToken, clearSession } from '../../lib/session';
import LoginPage from './login-page';
import securityEn from '../../i18n/en/security';
import securityAr from '../../i18n/ar/security';

/** The code step's texts: the `security` namespace is loaded with the step, not with the bundles. */
const step = { en: securityEn.login, ar: securityAr.login };

type Call = { url: string; body: unknown };
const calls: Call[] = [];
const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

function renderLogin(lng: 'en' | 'ar') {
  void i18n.changeLanguage(lng);
  const router = createMemoryRouter(
    [
      { path: '/:lng/login', Component: LoginPage },
      { path: '/:lng/dashboard/home', element: <p>home</p> },
    ],
    { initialEntries: [`/${lng}/login`] },
  );
  render(<RouterProvider router={router} />);
  return router;
}

async function password(lng: 'en' | 'ar') {
  await userEvent.type(screen.getByLabelText(i18n.t('auth:email', { lng })), 'admin@sehha.test');
  await userEvent.type(screen.getByLabelText(i18n.t('auth:password', { lng })), 'secret');
  await userEvent.click(screen.getByRole('button', { name: i18n.t('auth:submit', { lng }) }));
}

beforeEach(() => {
  calls.length = 0;
  clearSession();
  configureApiClient({
    fetch: async (url, init) => {
      const body = JSON.parse(String(init?.body)) as Record<string, string>;
      calls.push({ url: String(url), body });
      if (String(url).endsWith('/api/auth/login')) {
        return json(202, { message: 'Enter the code', data: { two_factor_required: true, challenge: 'the-challenge' } });
      }
      if (body.code?.replace(/\s/g, '') === '123456' || body.recovery_code === 'abcde-fghij') {
        return json(200, {
          message: 'ok',
          data: {
            token: 'the-token',
            role: 'admin',
            expires_at: '',
            user: { id: 1, name: 'A', email: 'a@b.c', role: 'admin', admin_role: 'viewer' },
          },
        });
      }
      const field = body.code === undefined ? 'recovery_code' : 'code';
      return json(422, { message: 'The code is invalid.', errors: { [field]: ['The code is invalid or has already been used.'] } });
    },
  });
});
afterEach(() => {
  configureApiClient({ fetch: (...args) => globalThis.fetch(...args) });
  clearSession();
  void i18n.changeLanguage('en');
});

describe('login code step (two-factor sign-in)', () => {
  it.each(['en', 'ar'] as const)('asks for the code on the same screen after a 202, in %s', async (lng) => {
    const router = renderLogin(lng);
    await password(lng);
    const code = await screen.findByLabelText(step[lng].code);
    expect(code).toHaveAttribute('autocomplete', 'one-time-code');
    expect(code).toHaveAttribute('inputmode', 'numeric');
    // Focus moves in an effect after the step renders: under load it lands a moment after the field appears.
    await waitFor(() => expect(code).toHaveFocus());

    await userEvent.click(screen.getByRole('button', { name: step[lng].verify }));
    expect(await screen.findByText(validationMessages[lng].codeRequired)).toBeVisible();

    await userEvent.type(code, '654321');
    await userEvent.click(screen.getByRole('button', { name: step[lng].verify }));
    expect(await screen.findByText('The code is invalid or has already been used.')).toBeVisible();
    expect(code).toHaveAttribute('aria-invalid', 'true');

    await userEvent.clear(code);
    await userEvent.type(code, '123 456');
    await userEvent.click(screen.getByRole('button', { name: step[lng].verify }));
    await screen.findByText('home');
    expect(router.state.location.pathname).toBe(`/${lng}/dashboard/home`);
    expect(getToken()).toBe('the-token');
    expect(calls.at(-1)).toEqual({ url: '/api/auth/login/two-factor', body: { challenge: 'the-challenge', code: '123 456' } });
  });

  it('takes a recovery code instead, and goes back to the password with the email kept', async () => {
    renderLogin('en');
    await password('en');
    await userEvent.click(await screen.findByRole('button', { name: 'Use a recovery code' }));
    const recovery = screen.getByLabelText('Recovery code');
    await waitFor(() => expect(recovery).toHaveFocus());
    await userEvent.click(screen.getByRole('button', { name: 'Back to password' }));
    expect(screen.getByLabelText('Email')).toHaveValue('admin@sehha.test');
    await userEvent.type(screen.getByLabelText('Password'), 'secret');
    await userEvent.click(screen.getByRole('button', { name: 'Login' }));
    await userEvent.click(await screen.findByRole('button', { name: 'Use a recovery code' }));
    await userEvent.type(screen.getByLabelText('Recovery code'), 'abcde-fghij');
    await userEvent.click(screen.getByRole('button', { name: 'Verify' }));
    await screen.findByText('home');
    expect(calls.at(-1)?.body).toEqual({ challenge: 'the-challenge', recovery_code: 'abcde-fghij' });
  });
});
