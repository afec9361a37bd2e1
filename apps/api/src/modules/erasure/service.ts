import { erasureMessages } from '@sehha/contract/erasure';
import type { AppDeps } from '../../app-deps';
import { throttleKeys } from '../../auth/login-throttle';
import { HttpError, notFound } from '../../http/errors';
import { localized } from '../../i18n/messages';
import { dataRequestRepository } from '../data-requests/repository';
import { erasureRepository as repository } from './repository';
import { createScrubber, searchable, type ScrubRule } from './scrub';

export type ErasureActor = {
  /** The admin who ran the erasure of a request received by another channel; null when the person asked in the app. */
  adminId: number | null;
  /** The data request the erasure answers. */
  requestId: number;
};

export type ErasureOutcome = { userId: number; pseudonym: string; filesDeleted: number };

/** The pseudonym an erased account's rows point at: the same on every run, so a retry changes nothing. */
export function pseudonymOf(userId: number, role: string) {
  const name = localized(role === 'user' ? erasureMessages.deletedPatient : erasureMessages.deletedAccount, { id: String(userId) });
  return { name, email: `deleted-${userId}@erased.invalid` };
}

/**
 * Erases an account (issue 28): its name, phone, email and images are deleted or pseudonymised everywhere; the
 * providers' appointments, the platform's payments and audit stay, pointing at the pseudonym; its tokens are revoked.
 * A provider account with future appointments is refused with a 409.
 *
 * One transaction pseudonymises the rows and completes the request; the files go after it commits (a file removed
 * by a transaction that then rolled back could not be brought back), and their rows forget them only once they are
 * gone, so a failed removal is found again by the next run, which is otherwise a no-op.
 */
export async function eraseAccount(
  deps: Pick<AppDeps, 'db' | 'storage' | 'clock'>,
  userId: number,
  actor: ErasureActor,
): Promise<ErasureOutcome> {
  const { pseudonym, files } = await deps.db.transaction(async (tx) => {
    const account = await repository.lockAccount(tx, userId);
    if (!account) throw notFound();
    const pseudonym = pseudonymOf(account.id, account.role);
    if (account.erased_at === null) {
      const provider = await repository.providerOf(tx, account.id);
      if (provider && (await repository.hasFutureAppointments(tx, provider.id, deps.clock())))
        throw new HttpError(409, erasureMessages.providerHasFutureAppointments);
      await repository.allowAuditRewrite(tx);

      const phones = [account.phone, account.whatsapp_phone].filter((phone): phone is string => phone !== null);
      const values = personalValues(account, phones, provider, await repository.requestedValues(tx, account.id));
      const rules = scrubRules(pseudonym, values);
      const { scrub, scrubText } = createScrubber(rules);
      const keys = throttleKeysOf(await repository.tokenAddresses(tx, account.id), account.email);

      await repository.deleteCredentials(tx, account.id, phones, keys);
      await repository.clearPrescriptionNotes(tx, account.id);
      await repository.clearCancelReasons(tx, account.id);
      await repository.pseudonymiseMessages(tx, account.id, [...phones, account.email], pseudonym.email);
      // Others' messages may quote the name (a provider's, in its patients' notices); phones and emails reach only theirs.
      for (const row of await repository.messagesQuoting(tx, searchable([...values.names, ...values.arabicNames], { within: true }))) {
        await repository.rewriteMessage(tx, row.id, { subject: scrubText(row.subject), body: scrubText(row.body) ?? '' });
      }
      for (const row of await repository.auditRowsQuoting(tx, searchable(rules.map((rule) => rule.value)))) {
        const before = scrub(row.before);
        const after = scrub(row.after);
        if (JSON.stringify([before, after]) !== JSON.stringify([row.before, row.after]))
          await repository.rewriteAudit(tx, row.id, before, after);
      }
      await repository.scrubChangeRequests(tx, account.id, scrub, scrubText);
      await repository.scrubDataRequestNotes(tx, account.id, scrubText);
      if (provider)
        await repository.pseudonymiseProvider(tx, provider.id, { name_en: pseudonym.name.en, name_ar: pseudonym.name.ar }, scrubText);
      await repository.pseudonymiseAccount(tx, account.id, { name: pseudonym.name.en, email: pseudonym.email });
    }
    if (await repository.isOpenRequest(tx, actor.requestId, account.id))
      await dataRequestRepository.complete(tx, actor.requestId, { handledBy: actor.adminId });
    return { pseudonym, files: await repository.leftoverFiles(tx, account.id) };
  });

  // After the commit: a removal that fails leaves the row naming the file, and the next run removes it.
  const removed = await Promise.allSettled(files.keys.map((key) => deps.storage.remove(key)));
  const failed = removed.find((outcome) => outcome.status === 'rejected');
  if (failed) throw failed.reason;
  if (files.keys.length > 0) await deps.db.transaction((tx) => repository.forgetFiles(tx, files));
  return { userId, pseudonym: pseudonym.name.en, filesDeleted: files.keys.length };
}

type PersonalValues = { names: string[]; arabicNames: string[]; emails: string[]; phones: string[]; other: string[] };

/** What identifies the person: the account's values, its provider profile's, and what its change requests asked for. */
function personalValues(
  account: { name: string; email: string },
  phones: string[],
  provider: { name_en: string; name_ar: string; address: string | null } | undefined,
  requested: string[],
): PersonalValues {
  return {
    names: [account.name, ...(provider ? [provider.name_en] : []), ...requested.filter((value) => !looksLikePhone(value))],
    arabicNames: provider ? [provider.name_ar] : [],
    emails: [account.email],
    phones: [...phones, ...requested.filter(looksLikePhone)],
    // An address only when long enough to be this provider's own, not a town's name quoted by other rows.
    other: provider?.address && provider.address.trim().length >= 12 ? [provider.address] : [],
  };
}

/** The login throttle's counters of the account (hashes of its email, alone and with each address it signed in from). */
const throttleKeysOf = (addresses: string[], email: string) => [
  ...new Set(
    [...addresses, ''].flatMap((address) =>
      throttleKeys(address, email)
        .filter((key) => key.kind !== 'address')
        .map((key) => key.key),
    ),
  ),
];

const digitsOf = (phone: string) => phone.replace(/\D/g, '');
const looksLikePhone = (value: string) => /^\+?\d[\d\s-]{6,}$/.test(value.trim());

/** The person's values and their stand-ins; a phone has none (null), inside a text it becomes the pseudonym. */
function scrubRules(pseudonym: ReturnType<typeof pseudonymOf>, values: PersonalValues): ScrubRule[] {
  const name = pseudonym.name.en;
  return [
    ...values.names.map((value) => ({ value, exact: name, within: name })),
    ...values.arabicNames.map((value) => ({ value, exact: pseudonym.name.ar, within: pseudonym.name.ar })),
    ...values.emails.map((value) => ({ value, exact: pseudonym.email, within: pseudonym.email })),
    ...values.phones.flatMap((phone) => [phone, digitsOf(phone)].map((value) => ({ value, exact: null, within: name }))),
    ...values.other.map((value) => ({ value, exact: null, within: name })),
  ];
}
