import { useState } from 'react';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { KeyRound, MonitorSmartphone, ShieldAlert, ShieldCheck, ShieldOff } from 'lucide-react';
import type { TwoFactorSetupResponse } from '@sehha/contract/security';
import { Screen } from '../../components/layout/screen';
import { Spinner } from '../../components/feedback/spinner';
import { ToneBadge } from '../../components/feedback/tone-badge';
import { useQueryErrorToast } from '../../components/feedback/use-query-error-toast';
import { formatDate } from '../../lib/format';
import { useSignedInAdmin } from '../../lib/permissions';
import { useLanguage } from '../../lib/use-language';
import { OneFieldForm } from './code-field';
import { ConfirmWithCodeDialog, useConfirmWithCode, useFailureToast } from './confirm-with-code';
import { RecoveryCodesDialog } from './recovery-codes-dialog';
import { WithNamespace } from '../../components/layout/with-namespace';
import { useConfirmSetup, useDisableTwoFactor, useRegenerateCodes, useSecurityStatus, useStartSetup } from './security-api';
import { paths } from '../../config/paths';

/**
 * The QR code as an image: the API's SVG document is never put into the page's DOM as markup, so nothing
 * in it can run. The QR library writes ASCII only, which btoa takes as is.
 */
const svgImage = (svg: string) => `data:image/svg+xml;base64,${btoa(svg)}`;

/** /{lng}/dashboard/security: the signed-in admin's two-factor sign-in (permission `self`, every role). */
export default function SecurityPage() {
  return (
    <WithNamespace name="security">
      <SecurityScreen />
    </WithNamespace>
  );
}

function SecurityScreen() {
  const { t } = useTranslation('security');
  const lng = useLanguage();
  const me = useSignedInAdmin();
  const status = useSecurityStatus();
  useQueryErrorToast(status, { toastId: 'security-status', messageKey: 'security:fetchError' });
  const [codes, setCodes] = useState<string[] | null>(null);

  return (
    <Screen name="security" title={t('title')} description={t('description')}>
      <div className="flex max-w-3xl flex-col gap-6">
        {me?.two_factor_required_setup && (
          <p role="alert" data-setup-required className="flex items-start gap-2 rounded-lg bg-amber-50 px-4 py-3 text-amber-900">
            <ShieldAlert aria-hidden className="mt-0.5 size-5 shrink-0" />
            {t('requiredNotice')}
          </p>
        )}
        <section aria-labelledby="two-factor-title" className="rounded-xl border border-slate-200 bg-white p-6">
          <div className="flex flex-wrap items-center justify-between gap-3">
            <h2 id="two-factor-title" className="text-lg font-semibold text-slate-900">
              {t('twoFactor')}
            </h2>
            {status.data && (
              <ToneBadge tone={status.data.two_factor_enabled ? 'success' : 'neutral'}>
                {status.data.two_factor_enabled ? t('statusOn') : t('statusOff')}
              </ToneBadge>
            )}
          </div>
          <p className="mt-1 text-slate-600">{t('twoFactorHelp')}</p>
          <div className="mt-5">
            {!status.data ? (
              status.isPending && <Spinner />
            ) : status.data.two_factor_enabled ? (
              <Enrolled since={status.data.two_factor_enabled_at} left={status.data.recovery_codes_left} lng={lng} onCodes={setCodes} />
            ) : (
              <Enrolment onCodes={setCodes} />
            )}
          </div>
        </section>
        <Link to={paths.sessions.getHref(lng)} className="flex items-center gap-2 self-start font-medium text-teal-700 hover:underline">
          <MonitorSmartphone aria-hidden className="size-4" />
          {t('sessionsLink')}
        </Link>
      </div>
      <RecoveryCodesDialog codes={codes} onClose={() => setCodes(null)} />
    </Screen>
  );
}

/** Off: start enrolment, scan the QR code (or type the key), confirm with a first code. */
function Enrolment({ onCodes }: { onCodes: (codes: string[]) => void }) {
  const { t } = useTranslation('security');
  const start = useStartSetup();
  const confirm = useConfirmSetup();
  const failed = useFailureToast();
  const [setup, setSetup] = useState<TwoFactorSetupResponse['data'] | null>(null);
  const code = useConfirmWithCode(
    (value) => confirm.mutateAsync({ code: value }),
    ({ data }) => onCodes(data.recovery_codes),
  );

  if (!setup) {
    return (
      <button
        type="button"
        className="btn-primary"
        disabled={start.isPending}
        aria-busy={start.isPending || undefined}
        onClick={() => start.mutate(undefined, { onSuccess: ({ data }) => setSetup(data), onError: failed })}
      >
        <ShieldCheck aria-hidden className="me-2 size-4" />
        {t('enable')}
      </button>
    );
  }

  return (
    <div className="flex flex-col gap-5" data-two-factor-setup>
      <div>
        <h3 className="font-semibold text-slate-900">{t('scanTitle')}</h3>
        <p className="mt-1 text-sm text-slate-600">{t('scanHelp')}</p>
      </div>
      <div className="flex flex-wrap items-start gap-6">
        <img
          src={svgImage(setup.qr_svg)}
          alt={t('qrAlt')}
          width={192}
          height={192}
          className="rounded-lg border border-slate-200 bg-white"
        />
        <div className="flex min-w-0 flex-1 flex-col gap-4">
          <div>
            <p className="label" id="setup-key-label">
              {t('secretLabel')}
            </p>
            <code
              aria-labelledby="setup-key-label"
              data-setup-key
              dir="ltr"
              className="block rounded-lg bg-slate-100 px-3 py-2 font-mono text-sm break-all text-slate-900"
            >
              {setup.secret.replace(/(.{4})(?=.)/g, '$1 ')}
            </code>
          </div>
          <OneFieldForm id="confirm-two-factor" kind="code" label={t('code')} error={code.error} onSubmit={(value) => code.submit(value)}>
            <div className="flex flex-wrap gap-2">
              <button type="submit" className="btn-primary" disabled={confirm.isPending} aria-busy={confirm.isPending || undefined}>
                {t('confirm')}
              </button>
              <button type="button" className="btn-secondary" disabled={confirm.isPending} onClick={() => setSetup(null)}>
                {t('cancel')}
              </button>
            </div>
          </OneFieldForm>
        </div>
      </div>
    </div>
  );
}

/** On: when, how many recovery codes are left, new recovery codes, turning it off. */
function Enrolled({ since, left, lng, onCodes }: { since: string | null; left: number; lng: string; onCodes: (codes: string[]) => void }) {
  const { t } = useTranslation('security');
  const [dialog, setDialog] = useState<'regenerate' | 'disable' | null>(null);
  return (
    <div className="flex flex-col gap-4">
      <ul className="text-sm text-slate-700">
        {since && <li>{t('enabledSince', { date: formatDate(since, lng) })}</li>}
        <li data-recovery-left>{t('recoveryLeft', { count: left })}</li>
      </ul>
      <div className="flex flex-wrap gap-2">
        <button type="button" className="btn-secondary" onClick={() => setDialog('regenerate')}>
          <KeyRound aria-hidden className="me-2 size-4" />
          {t('regenerate')}
        </button>
        <button type="button" className="btn-danger" onClick={() => setDialog('disable')}>
          <ShieldOff aria-hidden className="me-2 size-4" />
          {t('disable')}
        </button>
      </div>
      <RegenerateDialog
        open={dialog === 'regenerate'}
        onClose={() => setDialog(null)}
        onCodes={(codes) => {
          setDialog(null);
          onCodes(codes);
        }}
      />
      <DisableDialog open={dialog === 'disable'} onClose={() => setDialog(null)} />
    </div>
  );
}

/** Confirmation of new recovery codes, with a current code: the old ones stop working. */
function RegenerateDialog({ open, onClose, onCodes }: { open: boolean; onClose: () => void; onCodes: (codes: string[]) => void }) {
  const { t } = useTranslation('security');
  const regenerate = useRegenerateCodes();
  return (
    <ConfirmWithCodeDialog
      id="regenerate-codes"
      open={open}
      onClose={onClose}
      title={t('regenerateTitle')}
      description={t('regenerateDetails')}
      confirmLabel={t('regenerateConfirm')}
      busy={regenerate.isPending}
      call={(code) => regenerate.mutateAsync({ code })}
      onDone={({ data }) => onCodes(data.recovery_codes)}
    />
  );
}

/** Turning it off: a current code, or the password when the phone is lost. */
function DisableDialog({ open, onClose }: { open: boolean; onClose: () => void }) {
  const { t } = useTranslation('security');
  const disable = useDisableTwoFactor();
  return (
    <ConfirmWithCodeDialog
      id="disable-two-factor"
      open={open}
      onClose={onClose}
      title={t('disableTitle')}
      description={t('disableDetails')}
      confirmLabel={t('disableConfirm')}
      danger
      busy={disable.isPending}
      call={(value, kind) => disable.mutateAsync(kind === 'code' ? { code: value } : { password: value })}
      onDone={onClose}
      passwordLabels={{ usePassword: t('usePassword'), useCode: t('useCode') }}
    />
  );
}
