import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Banknote, Building2, CalendarCheck, CalendarDays, Clock, Phone as PhoneIcon, Stethoscope, type LucideIcon } from 'lucide-react';
import type { Appointment } from '@sehha/contract/appointments';
import type { AppointmentStatus } from '@sehha/contract/status-codes';
import { ToneBadge, type BadgeTone } from '../../components/feedback/tone-badge';
import { formatNumber } from '../../lib/format';
import type { Language } from '../../lib/language';
import { formatVisitDay, paymentOf, visitHour } from './appointment-time';
import { localNameOrOther, type BilingualName } from '../../lib/local-name';

/** How each appointment status reads on the card (the label tells booked from completed, the tone what needs attention). */
export const statusTones = {
  held: 'waiting',
  booked: 'success',
  completed: 'success',
  no_show: 'danger',
  cancelled: 'neutral',
} as const satisfies Record<AppointmentStatus, BadgeTone>;

const pick = (lng: Language, names: BilingualName) => localNameOrOther(names, lng).trim();

/** The doctor (or facility) booked; when it has no name, the phone of its account (spec §3). */
const appointableLabel = (lng: Language, appointable: Appointment['appointable']) =>
  pick(lng, appointable) || appointable.name || appointable.user.phone || '';

const Phone = ({ value }: { value: string }) => (
  <bdi dir="ltr" className="tabular-nums whitespace-nowrap" data-phone>
    {value}
  </bdi>
);

/**
 * A label and its value on one line; when both do not fit (a phone number, which never breaks, in a narrow card
 * of four) the value goes under its label, still at the card's end edge.
 */
function Field({ label, children, name, icon: Icon }: { label: string; children: ReactNode; name: string; icon: LucideIcon }) {
  return (
    <div className="flex flex-wrap items-baseline justify-between gap-x-3 gap-y-0.5" data-field={name}>
      <dt className="flex shrink-0 items-center gap-1.5 self-start text-slate-600">
        <Icon aria-hidden className="size-4" />
        {label}
      </dt>
      <dd className="ms-auto min-w-0 text-end font-medium break-words text-slate-800">{children}</dd>
    </div>
  );
}

/** One appointment: patient, doctor, patient phone, visit day, visit hour, payment type, status. */
export function AppointmentCard({ appointment, lng }: { appointment: Appointment; lng: Language }) {
  const { t } = useTranslation('appointments');
  const hour = visitHour(appointment.appointment_time);
  const payment = paymentOf(appointment.type);
  const doctor = appointableLabel(lng, appointment.appointable);
  const doctorIsPhone = !pick(lng, appointment.appointable) && !appointment.appointable.name;
  return (
    <article data-testid="appointment-card" className="flex flex-col gap-3 rounded-xl border border-slate-200 bg-white p-4 shadow-sm">
      <header>
        <p className="text-xs text-slate-600">{t('patient')}</p>
        <h2 className="text-base font-semibold text-slate-900" data-field="patient">
          {appointment.user.name}
        </h2>
      </header>
      <dl className="flex flex-col gap-2 text-sm">
        {/* A doctor is labelled "Doctor"; a booking with a hospital or center names the facility as such. */}
        <Field
          name="doctor"
          icon={appointment.appointable.kind === 'doctor' ? Stethoscope : Building2}
          label={t(`appointableKinds.${appointment.appointable.kind}`, { defaultValue: t('doctor') })}
        >
          {doctorIsPhone ? <Phone value={doctor} /> : doctor || '—'}
          {appointment.facility && (
            <span className="block text-xs font-normal text-slate-600">{t('at', { facility: pick(lng, appointment.facility) })}</span>
          )}
        </Field>
        <Field name="patient-phone" icon={PhoneIcon} label={t('patientPhone')}>
          {appointment.user.phone ? <Phone value={appointment.user.phone} /> : <span className="text-slate-600">{t('noPhone')}</span>}
        </Field>
        <Field name="visit-day" icon={CalendarDays} label={t('visitDay')}>
          {formatVisitDay(appointment.appointment_time, lng)}
        </Field>
        <Field name="visit-time" icon={Clock} label={t('visitTime')}>
          {hour ? `${formatNumber(hour.hour, lng)} ${t(hour.period)}` : '—'}
        </Field>
        <Field name="payment" icon={Banknote} label={t('payment')}>
          <span className={`badge ${payment === 'online' ? 'bg-teal-100 text-teal-800' : 'bg-amber-100 text-amber-800'}`}>
            {t(payment)}
          </span>
        </Field>
        <Field name="status" icon={CalendarCheck} label={t('status')}>
          <ToneBadge tone={statusTones[appointment.status]}>{t(`statuses.${appointment.status}`)}</ToneBadge>
        </Field>
      </dl>
    </article>
  );
}
