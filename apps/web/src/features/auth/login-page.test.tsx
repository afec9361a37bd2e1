import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { validationMessages } from '@sehha/contract/validation-messages';
import i18n from '../../i18n';
import { configureApiClient } from '../../lib/api-client';
import LoginPage from './login-page';

const sent: unknown[] = [];

function renderLogin(lng: 'en' | 'ar') {
  void i18n.changeLanguage(lng);
  const router = createMemoryRouter(
    [
      { path: '/:lng/login', Component: LoginPage },
      { path: '/:lng/dashboard/home', element: <p>home</p> },
    ],
    {
      initialEntries: [`/${lng}/login`],
    },
  );
  render(<RouterProvider router={router} />);
  return router;
}

beforeEach(() => {
  sent.length = 0;
  configureApiClient({
    fetch: async (_url, init) => {
      sent.push(JSON.parse(String(init?.body)));
      return new Response(JSON.stringify({ message: 'The given data was invalid.', errors: { email: ['Server says no'] } }), {
        status: 422,
        headers: { 'content-type': 'application/json' },
      });
    },
  });
});
afterEach(() => {
  configureApiClient({ fetch: (...args) => globalThis.fetch(...args) });
  void i18n.changeLanguage('en');
});

describe('login form (native constraints, no form library)', () => {
  it.each(['en', 'ar'] as const)('requires email and password, in %s, without calling the API', async (lng) => {
    renderLogin(lng);
    const messages = validationMessages[lng];
    await userEvent.click(screen.getByRole('button', { name: i18n.t('auth:submit') }));
    expect(await screen.findByText(messages.emailRequired)).toBeVisible();
    expect(screen.getByText(messages.passwordRequired)).toBeVisible();
    expect(screen.getByLabelText(i18n.t('auth:email'))).toHaveAttribute('aria-invalid', 'true');
    expect(sent).toEqual([]);
  });

  it('checks the email format, and the messages follow the typing after a first submit', async () => {
    renderLogin('en');
    const email = screen.getByLabelText('Email');
    await userEvent.type(email, 'not-an-email');
    await userEvent.click(screen.getByRole('button', { name: 'Login' }));
    expect(await screen.findByText(validationMessages.en.emailInvalid)).toBeVisible();
    await userEvent.type(screen.getByLabelText('Password'), 'x');
    expect(screen.queryByText(validationMessages.en.passwordRequired)).toBeNull();
    await userEvent.clear(email);
    await userEvent.type(email, 'admin@sehha.test');
    expect(screen.queryByText(validationMessages.en.emailInvalid)).toBeNull();
  });

  it('sends the trimmed email and shows the API’s field messages as sent', async () => {
    renderLogin('en');
    await userEvent.type(screen.getByLabelText('Email'), '  admin@sehha.test ');
    await userEvent.type(screen.getByLabelText('Password'), 'secret');
    await userEvent.click(screen.getByRole('button', { name: 'Login' }));
    expect(await screen.findByText('Server says no')).toBeVisible();
    expect(sent).toEqual([{ email: 'admin@sehha.test', password: 'secret' }]);
  });
});
