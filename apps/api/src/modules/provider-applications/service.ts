import { decisionReasonLabels } from '@sehha/contract/messages';
import {
  institutionTypeKinds,
  providerApplicationMessages as messages,
  requiredDocuments,
  type ProviderApplication,
  type ProviderApplicationRequest,
} from '@sehha/contract/provider-applications';
import type { DecisionReason, ProviderReviewAction } from '@sehha/contract/status-codes';
import type { ValidationMessageKey } from '@sehha/contract/validation-messages';
import type { Database } from '../../db/database';
import { toIsoRequired } from '../../db/dates';
import { isUniqueViolation, postgresError } from '../../db/errors';
import { HttpError, ValidationError, notFound } from '../../http/errors';
import type { UploadedFile } from '../../http/multipart';
import { translate, type Language, type Message } from '../../i18n/messages';
import type { AppAccount } from '../../auth/app-auth';
import { mobilePhone } from '../../auth/mobile-phone';
import type { ModuleMetrics } from '../../operations/metrics';
import type { RemovalLog } from '../../storage/replace-upload';
import type { Storage } from '../../storage/storage';
import { localDate } from '../licenses/repository';
import { appAccountRepository } from '../app-accounts/repository';
import { providerRepository } from '../providers/repository';
import { providerReviewRepository } from '../providers/reviews-repository';
import { inspectFiles, removeFiles, storeFiles } from './files';
import { applicationRepository as repository, type ApplicationProfile } from './repository';
import type { ApplicationSettings } from './settings';

type FieldErrors = Record<string, Array<ValidationMessageKey | Message>>;
type Deps = {
  db: Database;
  storage: Storage;
  metrics: ModuleMetrics;
  timeZone: string;
  settings: ApplicationSettings;
};

const tooMany = () => new HttpError(429, messages.tooMany, { 'retry-after': '3600' });
const conflict = (status: string) => new HttpError(409, status === 'approved' ? messages.alreadyApproved : messages.alreadyPending);
/** Only a rejected or held provider sends its application again. */
const canResubmit = (status: string) => status === 'rejected' || status === 'onHold';

const reasons = (codes: readonly DecisionReason[], language: Language) =>
  codes.map((code) => ({ code, label: translate(decisionReasonLabels[code], language) }));

export function createProviderApplicationService(deps: Deps) {
  const { db } = deps;

  /** The rules on the fields and on which documents came: kind, references, license, required documents (409 first). */
  async function check(account: AppAccount, input: ProviderApplicationRequest, uploads: Map<string, UploadedFile>) {
    const errors: FieldErrors = {};
    const kind = input.kind;
    const current = await repository.findByAccount(db, account.id);
    if (current && !canResubmit(current.status)) throw conflict(current.status);
    if (current ? current.kind !== kind : account.role !== 'user' && account.role !== kind) errors.kind = [messages.kindMismatch];

    const whatsapp = mobilePhone(input.whatsapp_phone);
    if (!whatsapp) errors.whatsapp_phone = ['mobilePhoneInvalid'];
    const doctor = kind === 'doctor';
    if (doctor && input.speciality_id === undefined) errors.speciality_id = [messages.specialityRequired];
    if (doctor && input.consultation_fee === undefined) errors.consultation_fee = [messages.feeRequired];
    const typeId = institutionTypeKinds.includes(kind) ? (input.institution_type_id ?? null) : null;

    const sent = (field: string) => (uploads.get(field)?.size ?? 0) > 0;
    // A first application, or a new license document, comes with the license's number and expiry.
    const licenseDue = !current || sent('license') || input.license_number !== undefined || input.license_expires_on !== undefined;
    if (licenseDue && input.license_number === undefined) errors.license_number = [messages.licenseNumberRequired];
    if (licenseDue && input.license_expires_on === undefined) errors.license_expires_on = [messages.licenseExpiryRequired];
    if (input.license_expires_on !== undefined && input.license_expires_on <= localDate(deps.timeZone, new Date()))
      errors.license_expires_on = [messages.licenseExpiryPast];
    if (!current) for (const document of requiredDocuments[kind]) if (!sent(document)) errors[document] = [messages.documentRequired];

    const refs = await repository.references(db, {
      countryId: input.country_id,
      cityId: input.city_id,
      stateId: input.state_id,
      specialityId: doctor ? (input.speciality_id ?? null) : null,
      typeId,
    });
    if (!refs.country) errors.country_id = [messages.countryInvalid];
    else if (!refs.city) errors.city_id = [messages.cityInvalid];
    else if (!refs.state) errors.state_id = [messages.stateInvalid];
    if (!refs.speciality) errors.speciality_id = [messages.specialityRequired];
    if (!refs.type) errors.institution_type_id = [messages.institutionTypeInvalid];
    if (await appAccountRepository.emailTaken(db, input.email, account.id)) errors.email = ['emailTaken'];

    const profile: ApplicationProfile = {
      kind,
      name_ar: input.name_ar,
      name_en: input.name_en,
      email: input.email,
      country_id: input.country_id,
      city_id: input.city_id,
      state_id: input.state_id,
      address: input.address,
      whatsapp_phone: whatsapp!,
      speciality_id: doctor ? input.speciality_id! : null,
      consultation_fee: doctor ? input.consultation_fee! : null,
      institution_type_id: typeId,
    };
    const license = licenseDue ? { number: input.license_number!, expiresOn: input.license_expires_on! } : null;
    return { profile, license, errors };
  }

  return {
    /** 409 before the form is read: a pending or approved provider has nothing to send, whatever the form holds. */
    async refuseUnlessOpen(account: AppAccount) {
      const current = await repository.findByAccount(db, account.id);
      if (current && !canResubmit(current.status)) throw conflict(current.status);
    },

    /**
     * Applies as a provider, or resubmits a rejected or held application (a new review round, history kept).
     * Files are checked and stored first, then every row is written in one transaction (the files are removed
     * if it fails); the limits are counted inside it, under a lock, so parallel requests agree.
     */
    async apply(
      account: AppAccount,
      input: ProviderApplicationRequest,
      uploads: Map<string, UploadedFile>,
      client: { address: string },
      log: RemovalLog,
    ) {
      const { profile, license, errors } = await check(account, input, uploads);
      const key = { accountId: account.id, address: client.address };
      const before = await repository.countRecent(db, key);
      if (before.account >= deps.settings.maxPerAccount || before.address >= deps.settings.maxPerAddress) throw tooMany();
      // Files are decoded only within the limits; their failures join the fields' in one 422.
      const files = await inspectFiles(deps.metrics, uploads);
      if (Object.keys(errors).length + Object.keys(files.errors).length > 0) throw new ValidationError({ ...errors, ...files.errors });

      const stored = await storeFiles(deps, files.inspected, log);
      const newKeys = [...stored.documents.map((d) => d.path), ...(stored.photo ? [stored.photo] : [])];
      let outcome: { resubmitted: boolean; replaced: string[] };
      try {
        outcome = await db.transaction(async (tx) => {
          await repository.lockApplicant(tx, key);
          const counts = await repository.countRecent(tx, key);
          if (counts.account >= deps.settings.maxPerAccount || counts.address >= deps.settings.maxPerAddress) throw tooMany();
          const current = await repository.findByAccount(tx, account.id, true);
          if (current && !canResubmit(current.status)) throw conflict(current.status);
          if (current && current.kind !== profile.kind) throw new ValidationError({ kind: [messages.kindMismatch] });

          await repository.updateAccount(tx, account.id, profile);
          let providerId: number;
          let replaced: string[] = [];
          if (current) {
            providerId = current.id;
            await repository.updateProvider(tx, providerId, profile, stored.photo);
            replaced = await repository.removeDocuments(tx, providerId, [...new Set(stored.documents.map((d) => d.kind))]);
            if (stored.photo && current.photo) replaced.push(current.photo);
          } else {
            providerId = await repository.createProvider(tx, account.id, profile, stored.photo ?? null);
          }
          await repository.addDocuments(tx, providerId, stored.documents);
          if (license) {
            const sentFile = stored.documents.find((d) => d.kind === 'license');
            const file = sentFile
              ? { path: sentFile.path, originalName: sentFile.originalName, mime: sentFile.mime }
              : await repository
                  .currentLicenseDocument(tx, providerId)
                  .then((row) => (row ? { path: row.path, originalName: row.original_name, mime: row.mime_type } : undefined));
            if (!file) throw new ValidationError({ license: [messages.documentRequired] });
            await repository.addLicense(tx, providerId, { ...license, ...file });
          }
          const review = await providerReviewRepository.add(tx, { providerId, action: 'submitted', actorId: account.id });
          await repository.recordSent(tx, {
            accountId: account.id,
            providerId,
            address: client.address,
            kind: profile.kind,
            round: review.round,
          });
          // A license row keeps its file as the licenses' history: only files nothing points at any more go.
          const kept = await repository.keysInLicenses(tx, providerId, replaced);
          return { resubmitted: Boolean(current), replaced: replaced.filter((k) => !kept.has(k)) };
        });
      } catch (error) {
        await removeFiles(deps.storage, newKeys, log);
        // A parallel first application of the same account won the insert.
        if (isUniqueViolation(error) && postgresError(error)?.constraint === 'providers_user_unique') throw conflict('pending');
        throw error;
      }
      await removeFiles(deps.storage, outcome.replaced, log);
      return { resubmitted: outcome.resubmitted };
    },

    /** The account's application: status, profile, documents, license, the last decision with its reasons, the history. */
    async show(account: AppAccount, language: Language): Promise<ProviderApplication> {
      const current = await repository.findByAccount(db, account.id);
      if (!current) throw notFound(messages.notFound);
      // The admin's attachments query: one definition of a provider's documents.
      const documents = await providerRepository.attachments(db, current.id);
      const license = await repository.latestLicense(db, current.id);
      const history = (await providerReviewRepository.history(db, current.id)).map((row) => ({
        round: row.round,
        action: row.action,
        reason_codes: row.reason_codes,
        reasons: reasons(row.reason_codes, language),
        reason_note: row.reason_note,
        missing_documents: row.missing_documents,
        created_at: toIsoRequired(row.created_at),
      }));
      // The decision that stands: an `undone` row takes back the decision before it (the admin's Undo).
      const standing: Array<(typeof history)[number] & { action: Exclude<ProviderReviewAction, 'submitted' | 'undone'> }> = [];
      for (const step of history)
        if (step.action === 'undone') standing.pop();
        else if (step.action !== 'submitted') standing.push({ ...step, action: step.action });
      const decision = standing.at(-1);
      return {
        status: current.status,
        kind: current.kind,
        round: history.at(-1)?.round ?? 1,
        submitted_at: toIsoRequired(current.submitted_at),
        profile: {
          name_ar: current.name_ar,
          name_en: current.name_en,
          email: current.email,
          country_id: current.country_id,
          city_id: current.city_id,
          state_id: current.state_id,
          address: current.address,
          whatsapp_phone: current.whatsapp_phone,
          speciality_id: current.speciality_id,
          consultation_fee: current.consultation_fee,
          institution_type_id: current.institution_type_id,
          photo_url: current.photo ? `/storage/${current.photo}` : null,
        },
        documents: documents.map((d) => ({ kind: d.kind, name: d.original_name, size: d.size, created_at: toIsoRequired(d.created_at) })),
        license: license ? { number: license.number, expires_on: license.expires_on, status: license.status } : null,
        last_decision: decision
          ? {
              round: decision.round,
              action: decision.action,
              reason_codes: decision.reason_codes,
              reasons: decision.reasons,
              reason_note: decision.reason_note,
              missing_documents: decision.missing_documents,
              decided_at: decision.created_at,
            }
          : null,
        history,
      };
    },
  };
}
