import { createHmac, randomInt, timingSafeEqual } from 'node:crypto';
import {
  appAccountMessages,
  isPhoneAccountEmail,
  otpCodeLength,
  phoneAccountDomain,
  type AppMeUpdate,
  type AppUser,
} from '@sehha/contract/app-accounts';
import { consentMessages, type LegalLibrary, type SignUpConsents } from '@sehha/contract/legal';
import type { Language } from '@sehha/contract/messages';
import type { Database } from '../../db/database';
import { HttpError, ValidationError } from '../../http/errors';
import { translate } from '../../i18n/messages';
import { recordAudit } from '../../audit/audit-log';
import { authRepository } from '../../auth/auth-repository';
import type { AppAccount } from '../../auth/app-auth';
import { mobilePhone, phonePrefix } from '../../auth/mobile-phone';
import { hashToken, newToken } from '../../auth/tokens';
import type { OutboxDeliverer } from '../../outbox/deliverer';
import { outboxRepository } from '../../outbox/outbox-repository';
import { appAccountRepository } from './repository';
import { otpRules, type OtpSettings } from './settings';
import { recordSignInConsents, refuseStaleSignUpConsents, requiredConsents } from '../consents/service';
import { dataRequestRepository } from '../data-requests/repository';
import { defaultDataRequestSettings, dueAtFor } from '../data-requests/settings';

/** Where a request comes from: the client address as trustProxy resolves it, and the app's user agent. */
export type AppClient = { address: string; userAgent: string | undefined };

const phoneAccountEmail = (phone: string) => `${phone.slice(1)}${phoneAccountDomain}`;
const publicEmail = (email: string) => (isPhoneAccountEmail(email) ? null : email);

/** Marks a password that no argon2 hash matches: app accounts sign in with a code, never a password. */
const noPassword = '!';

type AccountRow = NonNullable<Awaited<ReturnType<typeof appAccountRepository.findAccount>>>;
const appUser = (row: AccountRow): AppUser => ({
  id: row.id,
  name: row.name,
  phone: row.phone,
  email: publicEmail(row.email),
  role: row.role,
  language: row.language,
});

const tooMany = (message: typeof appAccountMessages.tooManyCodes, seconds: number) =>
  new HttpError(429, message, { 'retry-after': String(seconds) }, { seconds });

const codeRefusal = (refused: 'expired' | 'wrong') =>
  new ValidationError({ code: [refused === 'wrong' ? appAccountMessages.codeWrong : appAccountMessages.codeExpired] });

export function createAppAccountService(deps: {
  db: Database;
  outbox: OutboxDeliverer;
  codeKey: Buffer;
  settings: OtpSettings;
  legal: LegalLibrary;
}) {
  const { db, settings } = deps;
  const codeHash = (phone: string, code: string) => createHmac('sha256', deps.codeKey).update(`${phone}:${code}`).digest('hex');

  const requirePhone = (input: string) => {
    const phone = mobilePhone(input);
    if (!phone) throw new ValidationError({ phone: ['mobilePhoneInvalid'] });
    return phone;
  };

  /**
   * Sends a one-time code by SMS, within the limits: one per number per minute, and per hour at most
   * OTP_MAX_PER_NUMBER per number, OTP_MAX_PER_ADDRESS per client address and OTP_MAX_PER_PREFIX per block
   * of numbers. Counted in the database under one lock, so every process and every parallel request agrees.
   */
  async function sendCode(phone: string, client: AppClient, languageOf: (account: AccountRow | undefined) => Language) {
    const code = String(randomInt(0, 10 ** otpCodeLength)).padStart(otpCodeLength, '0');
    const outboxId = await db.transaction(async (tx) => {
      const key = { phone, address: client.address, prefix: phonePrefix(phone) };
      await appAccountRepository.lockSends(tx, key);
      await appAccountRepository.deleteOldCodes(tx);
      const counts = await appAccountRepository.countSends(tx, key);
      if (counts.lastSentSecondsAgo !== null && counts.lastSentSecondsAgo < otpRules.resendSeconds) {
        throw tooMany(appAccountMessages.resendTooSoon, Math.ceil(otpRules.resendSeconds - counts.lastSentSecondsAgo));
      }
      if (counts.number >= settings.maxPerNumber || counts.address >= settings.maxPerAddress || counts.prefix >= settings.maxPerPrefix) {
        throw tooMany(appAccountMessages.tooManyCodes, 3600);
      }
      const language = languageOf(await appAccountRepository.findAccountByPhone(tx, phone));
      await appAccountRepository.replaceCode(tx, {
        phone,
        prefix: phonePrefix(phone),
        address: client.address,
        codeHash: codeHash(phone, code),
        ttlSeconds: otpRules.ttlSeconds,
      });
      return outboxRepository.enqueue(tx, {
        channel: 'sms',
        recipient: phone,
        body: translate(appAccountMessages.codeText, language, { code }),
        kind: 'sign_in_code',
      });
    });
    // Worthless late: sent now, not at the next round (the row records it either way).
    deps.outbox.deliverSoon(outboxId);
  }

  /** The account as GET /me answers it: with the consents the app must ask for again. */
  const withConsent = (row: AccountRow) => ({
    ...appUser(row),
    consent: {
      required: requiredConsents(deps.legal, {
        privacyVersion: row.privacy_version,
        termsVersion: row.terms_version,
        marketingOptIn: row.marketing_opt_in,
      }),
    },
  });

  /** The number's live code if `code` is it (locked until the transaction ends); a wrong answer is counted. */
  async function checkCode(tx: Database, phone: string, code: string) {
    const live = await appAccountRepository.findLiveCode(tx, phone);
    if (!live) return { refused: 'expired' as const };
    const expected = Buffer.from(live.code_hash, 'hex');
    const given = Buffer.from(codeHash(phone, code), 'hex');
    if (!timingSafeEqual(expected, given)) {
      await appAccountRepository.recordWrongCode(tx, live.id, otpRules.maxWrongAnswers);
      return { refused: 'wrong' as const };
    }
    return live;
  }

  return {
    /** Sends a sign-in code by SMS (sendCode's limits), in the language asked for, the account's, or the request's. */
    async requestCode(input: { phone: string; language?: Language | undefined }, client: AppClient, requestLanguage: Language) {
      await sendCode(requirePhone(input.phone), client, (account) => input.language ?? account?.language ?? requestLanguage);
    },

    /**
     * Signs in with the latest code sent to the number: creates a patient account on first use, which must send
     * its consents to the texts in force (checked before anything is written; a missing one refuses after the
     * code, so the answer says nothing about the number to who does not hold it, and the code stays usable). A
     * wrong answer is counted (5 void the code) even though the request fails, so it is recorded before the answer.
     */
    async verify(
      input: { phone: string; code: string; name?: string | undefined; consents?: SignUpConsents | undefined },
      client: AppClient,
      requestLanguage: Language,
    ) {
      const phone = requirePhone(input.phone);
      if (input.consents) refuseStaleSignUpConsents(deps.legal, input.consents);
      const outcome = await db.transaction(async (tx) => {
        const live = await checkCode(tx, phone, input.code);
        if ('refused' in live) return live;
        const existing = await appAccountRepository.findAccountByPhone(tx, phone);
        if (!existing && !input.consents) return { refused: 'consent' as const };
        await appAccountRepository.spendCode(tx, live.id);
        const account =
          existing ??
          (await appAccountRepository.createAccount(tx, {
            name: input.name ?? phone,
            phone,
            email: phoneAccountEmail(phone),
            passwordHash: noPassword,
            role: 'user',
            language: requestLanguage,
          }));
        if (!account.is_active) return { refused: 'inactive' as const };
        if (input.consents) await recordSignInConsents(tx, deps.legal, account.id, input.consents, client.address);
        const token = newToken();
        const expiresAt = new Date(Date.now() + settings.tokenTtlDays * 86_400_000);
        const created = await authRepository.createToken(
          tx,
          account.id,
          hashToken(token),
          expiresAt,
          { ip: client.address, userAgent: client.userAgent?.slice(0, 512) ?? null },
          'app',
        );
        await recordAudit(tx, {
          actorId: account.id,
          action: 'sign_in',
          entity: 'users',
          entityId: account.id,
          after: { phone, address: client.address, outcome: 'signed_in', method: 'otp', session: created.id },
        });
        return { token, expires_at: new Date(created.expires_at).toISOString(), user: appUser(account) };
      });
      if ('refused' in outcome) {
        if (outcome.refused === 'inactive') throw new HttpError(403, appAccountMessages.deactivated);
        if (outcome.refused === 'consent') throw new ValidationError({ consents: [consentMessages.signUpConsentRequired] });
        throw codeRefusal(outcome.refused);
      }
      return outcome;
    },

    /** Sends a code to a new number for the account (the sign-in codes' limits): the number changes when it comes back. */
    async requestPhoneChange(account: AppAccount, input: { phone: string }, client: AppClient) {
      const phone = requirePhone(input.phone);
      if (phone === account.phone) throw new ValidationError({ phone: [appAccountMessages.phoneUnchanged] });
      // Whether another account has the number is told only to who holds it, at the code's return.
      await sendCode(phone, client, () => account.language);
    },

    /**
     * Changes the account's number to the one the code was sent to. Recorded as a completed correction (data_requests)
     * and in the audit log; a number another account has is refused (409) once the code proves it is held.
     */
    async changePhone(account: AppAccount, input: { phone: string; code: string }, client: AppClient) {
      const phone = requirePhone(input.phone);
      const outcome = await db.transaction(async (tx) => {
        const live = await checkCode(tx, phone, input.code);
        if ('refused' in live) return live;
        await appAccountRepository.spendCode(tx, live.id);
        const holder = await appAccountRepository.findAccountByPhone(tx, phone);
        if (holder && holder.id !== account.id) return { refused: 'taken' as const };
        const before = await appAccountRepository.findAccount(tx, account.id);
        // The placeholder address of an account without an email is made of its number: it follows the number
        // (the old number's placeholder would otherwise block a new sign-up with it, and keep the old number).
        const email = before && isPhoneAccountEmail(before.email) ? phoneAccountEmail(phone) : undefined;
        const row = await appAccountRepository.updateAccount(tx, account.id, { phone, email });
        const { row: request, created } = await dataRequestRepository.open(tx, {
          userId: account.id,
          kind: 'correction',
          channel: 'app',
          note: 'Mobile number changed in the app, confirmed by a code sent to the new number.',
          dueAt: dueAtFor(new Date(), defaultDataRequestSettings),
        });
        // An open correction recorded by an admin stays theirs to close.
        if (created) await dataRequestRepository.complete(tx, request.id);
        await recordAudit(tx, {
          actorId: account.id,
          action: 'update',
          entity: 'users',
          entityId: account.id,
          before: { phone: before?.phone ?? null },
          after: { phone, address: client.address, method: 'otp', data_request: request.id },
        });
        return { user: row! };
      });
      if ('refused' in outcome) {
        if (outcome.refused === 'taken') throw new HttpError(409, appAccountMessages.phoneTaken);
        throw codeRefusal(outcome.refused);
      }
      return withConsent(outcome.user);
    },

    async me(account: AppAccount) {
      const row = await appAccountRepository.findAccount(db, account.id);
      return withConsent(row!);
    },

    async update(account: AppAccount, patch: AppMeUpdate) {
      if (patch.email !== undefined && (await appAccountRepository.emailTaken(db, patch.email, account.id))) {
        throw new ValidationError({ email: ['emailTaken'] });
      }
      const row = await appAccountRepository.updateAccount(db, account.id, patch);
      return withConsent(row!);
    },

    logout(account: AppAccount) {
      return db.transaction(async (tx) => {
        await authRepository.deleteToken(tx, account.tokenId);
        await recordAudit(tx, { actorId: account.id, action: 'sign_out', entity: 'access_tokens', entityId: account.tokenId });
      });
    },
  };
}

export type AppAccountService = ReturnType<typeof createAppAccountService>;
