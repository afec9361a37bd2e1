import { lazy, Suspense, useId, useState, type FormEvent, type InputHTMLAttributes, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { isApiError } from '../../lib/api-client';
import { setSession } from '../../lib/session';
import { notify } from '../../components/feedback/notify';
import { Spinner } from '../../components/feedback/spinner';
import { FieldFrame, FieldMessage, invalidAria } from '../../components/form/field-frame';
import type { LoginResponse } from '@sehha/contract/auth';
import { login } from './auth-api';
import { validateLogin, type LoginErrors, type LoginField } from './login-validation';

/** The code step is fetched when a login answers 202: most sign-ins never need it, and this page's first load is budgeted. */
const TwoFactorStep = lazy(async () => ({ default: (await import('./two-factor-step')).TwoFactorStep }));

/** 403 (not an admin) and 429 (throttled) explain themselves; other failures get the generic text. */
const explainedStatuses = new Set([403, 429]);
/** Every outcome of a login attempt shares one toast. */
const loginToast = 'login';

type Props = {
  /** The language switch of the page around it (a router link in the dashboard, a plain link on the login page's own entry). */
  languageSwitch: ReactNode;
  /** Where a signed-in admin goes: resolves once the dashboard is on its way (the success toast follows it). */
  onSignedIn: () => Promise<void>;
};

/**
 * The login screen: a plain form (native constraints), no form, query or router library, so that the login page's
 * own entry (login-main.tsx) carries none of them; the dashboard's login route (login-page.tsx) renders it too.
 */
export function LoginScreen({ languageSwitch, onSignedIn }: Props) {
  const { t } = useTranslation('auth');
  const [errors, setErrors] = useState<LoginErrors>({});
  const [pending, setPending] = useState(false);
  const [submitted, setSubmitted] = useState(false);
  /** Set when the password was right and the admin has two-factor sign-in on: the code step is shown. */
  const [challenge, setChallenge] = useState<string | null>(null);
  /** Kept for the way back from the code step. */
  const [email, setEmail] = useState('');

  const signedIn = async (session: LoginResponse['data']) => {
    setSession({ token: session.token, role: session.role });
    await onSignedIn();
    notify('success', t('success'), loginToast);
  };

  /** Client-side messages of the form as it is now, in the page's language. */
  const check = (form: HTMLFormElement) => {
    const invalid = validateLogin(form);
    const messages: LoginErrors = {};
    for (const [field, key] of Object.entries(invalid)) messages[field as LoginField] = t(`validation:${key}`);
    setErrors(messages);
    return invalid;
  };

  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (pending) return;
    const form = event.currentTarget;
    setSubmitted(true);
    const invalid = check(form);
    if (Object.keys(invalid).length > 0) {
      (form.elements.namedItem(invalid.email ? 'email' : 'password') as HTMLInputElement).focus();
      return;
    }
    const data = new FormData(form);
    setEmail(String(data.get('email')));
    setPending(true);
    try {
      const { data: session } = await login({ email: String(data.get('email')).trim(), password: String(data.get('password')) });
      if ('challenge' in session) {
        setPending(false);
        setChallenge(session.challenge);
        return;
      }
      await signedIn(session);
    } catch (error) {
      setPending(false);
      if (isApiError(error)) {
        // 422: the API's messages come translated (Accept-Language), shown as sent.
        setErrors({ email: error.fieldError('email'), password: error.fieldError('password') });
        if (explainedStatuses.has(error.status) && error.message) {
          notify('error', error.message, loginToast);
          return;
        }
      }
      notify('error', t('failed'), loginToast);
    }
  };

  return (
    <main className="flex min-h-screen items-center justify-center p-4">
      <div className="w-full max-w-md">
        <div className="mb-4 flex justify-end">{languageSwitch}</div>
        <div className="mb-6 text-center">
          <p className="text-3xl font-bold text-teal-700">{t('common:appName')}</p>
          <h1 className="mt-4 text-2xl font-semibold text-slate-900">{t('welcome')}</h1>
          <p className="mt-1 text-slate-600">{t('subtitle')}</p>
          <p role="note" className="mt-3 rounded-lg bg-amber-50 px-3 py-2 text-sm text-amber-800">
            {t('adminsOnly')}
          </p>
        </div>
        {challenge ? (
          <Suspense fallback={<Spinner />}>
            <TwoFactorStep
              challenge={challenge}
              onSignedIn={signedIn}
              onBack={() => setChallenge(null)}
              onFailure={(message) => notify('error', message ?? t('failed'), loginToast)}
            />
          </Suspense>
        ) : (
          <form
            aria-label={t('screens:login')}
            noValidate
            onSubmit={(event) => void submit(event)}
            // As before with react-hook-form: after a first submit, messages follow the typing.
            onChange={(event) => submitted && check(event.currentTarget)}
            className="flex max-w-3xl flex-col gap-5 rounded-xl border border-slate-200 bg-white p-6"
          >
            <LoginInput
              name="email"
              type="email"
              label={t('email')}
              error={errors.email}
              placeholder={t('emailPlaceholder')}
              defaultValue={email}
              autoComplete="username"
              maxLength={255}
            />
            <LoginInput
              name="password"
              type="password"
              label={t('password')}
              error={errors.password}
              autoComplete="current-password"
              maxLength={1024}
            />
            <button type="submit" className="btn-primary w-full" disabled={pending} aria-busy={pending || undefined}>
              {pending ? t('submitting') : t('submit')}
            </button>
          </form>
        )}
      </div>
    </main>
  );
}

type LoginInputProps = { name: LoginField; label: string; error?: string | undefined } & Pick<
  InputHTMLAttributes<HTMLInputElement>,
  'type' | 'placeholder' | 'autoComplete' | 'maxLength' | 'defaultValue'
>;

/** A labelled, required input with its message, marked up as the shared TextField is (label, aria-invalid, alert). */
function LoginInput({ name, label, error, ...rest }: LoginInputProps) {
  const id = useId();
  const errorId = `${name}-error`;
  return (
    <FieldFrame id={id} label={label} message={error && <FieldMessage id={errorId}>{error}</FieldMessage>}>
      <input id={id} name={name} required dir="ltr" {...invalidAria(Boolean(error), errorId)} className="input" {...rest} />
    </FieldFrame>
  );
}
