import { defineMessages } from './messages';
import type { NotificationKind } from './status-codes';

// Apart from notifications.ts (zod schemas) so that the dashboard's texts and list chunk load no zod.

/** Names of the outbox's kinds, in both languages: the dashboard's column and filter read them. */
export const notificationKindLabels = defineMessages({
  sign_in_code: { en: 'Sign-in code', ar: 'رمز الدخول' },
  application_approved: { en: 'Application accepted', ar: 'قبول طلب الانضمام' },
  application_rejected: { en: 'Application rejected', ar: 'رفض طلب الانضمام' },
  application_on_hold: { en: 'Application on hold', ar: 'تعليق طلب الانضمام' },
  change_request_accepted: { en: 'Profile change accepted', ar: 'قبول تعديل الملف' },
  change_request_rejected: { en: 'Profile change rejected', ar: 'رفض تعديل الملف' },
  appointment_reminder: { en: 'Appointment reminder', ar: 'تذكير بموعد' },
  appointment_cancelled: { en: 'Appointment cancelled', ar: 'إلغاء موعد' },
  booking_paid: { en: 'Booking paid', ar: 'دفع الحجز' },
  booking_refund_due: { en: 'Refund due', ar: 'استرداد مستحق' },
  prescription_reply: { en: 'Prescription reply', ar: 'رد على وصفة طبية' },
  data_archive_ready: { en: 'Data copy ready', ar: 'نسخة البيانات جاهزة' },
  offer: { en: 'Offer or news', ar: 'عرض أو خبر' },
} satisfies Record<NotificationKind, { en: string; ar: string }>);
