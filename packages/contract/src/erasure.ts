import { defineMessages } from './messages';

/**
 * An erased account's texts (issue 28): the pseudonym its rows point at from then on, in both languages (the
 * stored name is the English one; a provider profile keeps both), and why a provider account cannot be erased yet.
 */
export const erasureMessages = defineMessages({
  deletedPatient: { en: 'Deleted patient #{id}', ar: 'مريض محذوف #{id}' },
  deletedAccount: { en: 'Deleted account #{id}', ar: 'حساب محذوف #{id}' },
  providerHasFutureAppointments: {
    en: 'This account still has upcoming appointments. Cancel or complete them before the account can be erased.',
    ar: 'لا تزال لهذا الحساب مواعيد قادمة. ألغِها أو أتمّها قبل أن يمكن حذف الحساب.',
  },
});
