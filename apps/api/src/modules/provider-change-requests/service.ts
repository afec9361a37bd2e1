import type { ProviderChangeInput } from '@sehha/contract/provider-change-requests';
import { doctorOnlyChangeFields, providerChangeRequestMessages as messages } from '@sehha/contract/provider-change-requests';
import type { Message } from '@sehha/contract/messages';
import type { ValidationMessageKey } from '@sehha/contract/validation-messages';
import type { AppAccount } from '../../auth/app-auth';
import { mobilePhone } from '../../auth/mobile-phone';
import type { Database } from '../../db/database';
import { HttpError, ValidationError } from '../../http/errors';
import { providerChangeRequestRepository as repository } from './repository';

type Problems = Record<string, Array<ValidationMessageKey | Message>>;

/**
 * An approved provider asks for profile changes; an admin decides them in the change requests screen
 * (modules/change-requests), which checks and applies them again when accepting.
 */
export function createProviderChangeRequestService(db: Database) {
  return {
    list: (account: AppAccount, query: { page: number; per_page: number }) => repository.page(db, account.id, query),

    request: (account: AppAccount, input: ProviderChangeInput) =>
      db.transaction(async (tx) => {
        const changes: Record<string, string | number> = Object.fromEntries(
          Object.entries(input).filter((entry): entry is [string, string | number] => entry[1] !== undefined),
        );
        const problems: Problems = {};
        if (Object.keys(changes).length === 0) problems.changes = [messages.nothingToChange];

        const profile = await repository.lockProfile(tx, account.id);
        for (const field of doctorOnlyChangeFields) {
          if (field in changes && profile?.kind !== 'doctor') problems[field] = [messages.doctorsOnly];
        }
        if (typeof changes.whatsapp_phone === 'string') {
          const phone = mobilePhone(changes.whatsapp_phone);
          if (phone === null) problems.whatsapp_phone = ['mobilePhoneInvalid'];
          else changes.whatsapp_phone = phone;
        }
        if (
          typeof changes.speciality_id === 'number' &&
          !problems.speciality_id &&
          !(await repository.specialityExists(tx, changes.speciality_id))
        )
          problems.speciality_id = [messages.specialityMissing];
        if (Object.keys(problems).length > 0) throw new ValidationError(problems);

        if (profile?.status !== 'approved') throw new HttpError(409, messages.notApproved);
        if (await repository.hasWaiting(tx, account.id)) throw new HttpError(409, messages.alreadyWaiting);
        return repository.insert(tx, account.id, changes);
      }),
  };
}
