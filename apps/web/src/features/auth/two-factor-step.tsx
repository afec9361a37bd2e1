import { useEffect, useId, useRef, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import type { LoginResponse } from '@sehha/contract/auth';
import { isApiError } from '../../lib/api-client';
import { FieldFrame, FieldMessage, invalidAria } from '../../components/form/field-frame';
import { WithNamespace } from '../../components/layout/with-namespace';
import { loginWithCode } from './auth-api';

type Props = {
  challenge: string;
  onSignedIn: (session: LoginResponse['data']) => Promise<void>;
  /** Back to the password (also when the challenge has expired). */
  onBack: () => void;
  /** A failure that is not about the field (429, network): the login screen's toast. */
  onFailure: (message: string | undefined) => void;
};

/**
 * The second step of a login, on the login screen itself: a code from the authenticator app, or one of
 * the recovery codes. In the entry chunk like the login form, so native constraints only (no zod, no form
 * library); the API checks the contract's schema and answers 422 with translated messages.
 */
export function TwoFactorStep(props: Props) {
  return (
    <WithNamespace name="security">
      <CodeStep {...props} />
    </WithNamespace>
  );
}

function CodeStep({ challenge, onSignedIn, onBack, onFailure }: Props) {
  const { t, i18n } = useTranslation('security', { keyPrefix: 'login' });
  const id = useId();
  const [recovery, setRecovery] = useState(false);
  const [error, setError] = useState<string>();
  const [pending, setPending] = useState(false);
  const field = recovery ? 'recovery_code' : 'code';
  const errorId = `${field}-error`;
  const inputRef = useRef<HTMLInputElement>(null);
  // The step replaces the password form (and the mode its field): focus follows, or it would be lost on the page.
  useEffect(() => inputRef.current?.focus(), [field]);

  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (pending) return;
    const input = event.currentTarget.elements.namedItem(field) as HTMLInputElement;
    if (!input.value.trim() || !input.validity.valid) {
      setError(i18n.t(`validation:${input.value.trim() ? 'codeInvalid' : 'codeRequired'}`));
      input.focus();
      return;
    }
    setPending(true);
    try {
      const { data } = await loginWithCode(recovery ? { challenge, recovery_code: input.value } : { challenge, code: input.value });
      await onSignedIn(data);
    } catch (failure) {
      setPending(false);
      if (isApiError(failure) && failure.status === 422) {
        // An expired challenge means the password must be given again.
        if (failure.fieldError('challenge')) {
          onFailure(failure.fieldError('challenge'));
          onBack();
          return;
        }
        setError(failure.fieldError(field) ?? failure.message);
        input.select();
        return;
      }
      onFailure(isApiError(failure) && failure.status === 429 ? failure.message : undefined);
    }
  };

  return (
    <form
      aria-label={t('codeTitle')}
      noValidate
      onSubmit={(event) => void submit(event)}
      className="flex max-w-3xl flex-col gap-5 rounded-xl border border-slate-200 bg-white p-6"
    >
      <p className="text-slate-700">{t(recovery ? 'recoveryHelp' : 'codeHelp')}</p>
      <FieldFrame
        id={id}
        label={t(recovery ? 'recoveryCode' : 'code')}
        message={error && <FieldMessage id={errorId}>{error}</FieldMessage>}
      >
        <input
          // A new input for each mode: the browser's one-time-code autofill applies to the code only.
          key={field}
          id={id}
          name={field}
          required
          ref={inputRef}
          dir="ltr"
          className="input font-mono tracking-widest"
          {...invalidAria(Boolean(error), errorId)}
          {...(recovery
            ? { autoComplete: 'off', maxLength: 64, spellCheck: false }
            : { autoComplete: 'one-time-code', inputMode: 'numeric', pattern: '\\s*(\\d\\s*){6}', maxLength: 9 })}
        />
      </FieldFrame>
      <button type="submit" className="btn-primary w-full" disabled={pending} aria-busy={pending || undefined}>
        {pending ? t('verifying') : t('verify')}
      </button>
      <div className="flex flex-wrap justify-between gap-2 text-sm">
        <button
          type="button"
          className="font-medium text-teal-700 hover:underline"
          onClick={() => {
            setRecovery(!recovery);
            setError(undefined);
          }}
        >
          {t(recovery ? 'useCode' : 'useRecoveryCode')}
        </button>
        <button type="button" className="text-slate-700 hover:underline" onClick={onBack}>
          {t('backToPassword')}
        </button>
      </div>
    </form>
  );
}
