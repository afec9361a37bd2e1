import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { useMutation } from '@tanstack/react-query';
import { useNavigate } from 'react-router';
import { useTranslation } from 'react-i18next';
import { loginRequest, type LoginRequest } from '@sehha/contract/auth';
import { ResourceForm } from '../../components/form/resource-form';
import { TextField } from '../../components/form/text-field';
import { isApiError } from '../../lib/api-client';
import { setSession } from '../../lib/session';
import { useLanguage } from '../../lib/use-language';
import { LanguageSwitch } from '../../components/layout/language-switch';
import { notify } from '../../components/feedback/notify';
import { useDocumentTitle } from '../../lib/document-title';
import { login } from './auth-api';

/** 403 (not an admin) and 429 (throttled) explain themselves; other failures get the generic text. */
const explainedStatuses = new Set([403, 429]);
/** Every outcome of a login attempt shares one toast. */
const loginToast = 'login';

export default function LoginPage() {
  const { t } = useTranslation('auth');
  const lng = useLanguage();
  const navigate = useNavigate();
  useDocumentTitle();
  const form = useForm<LoginRequest>({ resolver: zodResolver(loginRequest), defaultValues: { email: '', password: '' } });

  const mutation = useMutation({
    mutationFn: login,
    onSuccess: async ({ data }) => {
      setSession({ token: data.token, role: data.role });
      notify('success', t('success'), loginToast);
      await navigate(`/${lng}/dashboard/home`, { replace: true });
    },
    onError: (error) => {
      if (isApiError(error)) {
        for (const [field, messages] of Object.entries(error.errors)) {
          if (field === 'email' || field === 'password') form.setError(field, { type: 'server', message: messages[0] });
        }
        if (explainedStatuses.has(error.status) && error.message) {
          notify('error', error.message, loginToast);
          return;
        }
      }
      notify('error', t('failed'), loginToast);
    },
  });

  return (
    <main className="flex min-h-screen items-center justify-center p-4">
      <div className="w-full max-w-md">
        <div className="mb-4 flex justify-end">
          <LanguageSwitch />
        </div>
        <div className="mb-6 text-center">
          <p className="text-3xl font-bold text-teal-700">{t('common:appName')}</p>
          <h1 className="mt-4 text-2xl font-semibold text-slate-900">{t('welcome')}</h1>
          <p className="mt-1 text-slate-600">{t('subtitle')}</p>
          <p role="note" className="mt-3 rounded-lg bg-amber-50 px-3 py-2 text-sm text-amber-800">
            {t('adminsOnly')}
          </p>
        </div>
        <ResourceForm form={form} onSubmit={(values) => mutation.mutate(values)} label={t('screens:login')}>
          <TextField name="email" type="email" label={t('email')} placeholder={t('emailPlaceholder')} autoComplete="username" dir="ltr" />
          <TextField name="password" type="password" label={t('password')} autoComplete="current-password" dir="ltr" />
          <button type="submit" className="btn-primary w-full" disabled={mutation.isPending} aria-busy={mutation.isPending || undefined}>
            {mutation.isPending ? t('submitting') : t('submit')}
          </button>
        </ResourceForm>
      </div>
    </main>
  );
}
