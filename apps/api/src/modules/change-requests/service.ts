import type { Database } from '../../db/database';
import { audited } from '../../audit/audit-log';
import { HttpError, ValidationError, notFound } from '../../http/errors';
import { fieldName, localized, type Message, type MessageParam } from '../../i18n/messages';
import { changeRequestRepository as repository, type AccountTarget } from './repository';
import { changeRequestMessages } from '@sehha/contract/messages';
import { bulkMessages } from '@sehha/contract/bulk-actions';
import type { BulkTarget } from '@sehha/contract/bulk';
import { validationMessages, type ValidationMessageKey } from '@sehha/contract/validation-messages';
import { runBulkAction } from '../../audit/bulk-action';
import { notifyAccount } from '../../outbox/notify-account';
import { changeRequestNotices } from '@sehha/contract/change-requests';

type ChangeRequestBulkFilter = { state?: 'waiting' | 'decided' | undefined };

/** The first reason of a refused change, as a bilingual text (for the bulk refusal that names the request). */
function firstProblem(error: ValidationError): Message {
  const first = Object.values(error.fieldErrors)[0]?.[0];
  if (first === undefined) return changeRequestMessages.nothingRequested;
  if (typeof first !== 'string') return first;
  const key = first as ValidationMessageKey;
  return { en: validationMessages.en[key], ar: validationMessages.ar[key] };
}

const entity = 'change_request';
const phonePattern = /^\+?[0-9]{7,15}$/;
const arabicScript = /[\u0600-\u06FF]/;

type Problems = Record<string, Message[]>;
const problem = (problems: Problems, field: string, message: Message, params: Record<string, MessageParam> = {}) => {
  (problems[field] ??= []).push(localized(message, params));
};

const text = (value: unknown) => (typeof value === 'string' ? value.trim() : undefined);
/** A fee as stored (numeric(10, 2)): a number or numeric text from 0, two decimals at most. */
const fee = (value: unknown) => {
  const number =
    typeof value === 'number' ? value : typeof value === 'string' && /^[0-9]{1,7}(\.[0-9]{1,2})?$/.test(value) ? Number(value) : NaN;
  return Number.isFinite(number) && number >= 0 && number <= 1_000_000 && Math.abs(Math.round(number * 100) - number * 100) < 1e-6
    ? number
    : undefined;
};

/** Tells the requester the answer, in the transaction that decides it (the outbox delivers it after). */
function notifyDecision(tx: Database, userId: number, status: 1 | 2, reason: string | null) {
  if (status === 1) return notifyAccount(tx, userId, { kind: 'change_request_accepted', ...changeRequestNotices.accepted });
  return reason === null
    ? notifyAccount(tx, userId, { kind: 'change_request_rejected', ...changeRequestNotices.rejected })
    : notifyAccount(tx, userId, { kind: 'change_request_rejected', ...changeRequestNotices.rejectedWithReason }, { reason });
}

/**
 * Accepting applies the whitelisted fields to the account (users) or its provider profile, after
 * checking every value; one bad value refuses the whole request and nothing is written.
 */
async function applyChanges(tx: Database, target: AccountTarget, changes: Record<string, unknown>) {
  const problems: Problems = {};
  const account: { name?: string | undefined; phone?: string | undefined; whatsapp_phone?: string | undefined } = {};
  const provider: {
    name_ar?: string | undefined;
    name_en?: string | undefined;
    address?: string | undefined;
    speciality_id?: number | undefined;
    consultation_fee?: number | undefined;
  } = {};
  const entries = changes && typeof changes === 'object' && !Array.isArray(changes) ? Object.entries(changes) : [];
  if (entries.length === 0) problem(problems, 'changes', changeRequestMessages.nothingRequested);

  for (const [field, value] of entries) {
    switch (field) {
      case 'name': {
        const name = text(value);
        if (!name || name.length < 2 || name.length > 255) problem(problems, field, changeRequestMessages.nameInvalid);
        else {
          account.name = name;
          // A provider's directory name follows, in the script it was written in.
          if (target.providerId !== null) provider[arabicScript.test(name) ? 'name_ar' : 'name_en'] = name;
        }
        break;
      }
      case 'name_ar':
      case 'name_en': {
        const name = text(value);
        if (target.providerId === null) problem(problems, field, changeRequestMessages.providersOnly);
        else if (!name || name.length < 2 || name.length > 255) problem(problems, field, changeRequestMessages.nameInvalid);
        else provider[field] = name;
        break;
      }
      case 'consultation_fee': {
        const amount = fee(value);
        if (target.providerKind !== 'doctor') problem(problems, field, changeRequestMessages.feeDoctorsOnly);
        else if (amount === undefined) problem(problems, field, changeRequestMessages.feeInvalid);
        else provider.consultation_fee = amount;
        break;
      }
      case 'phone':
      case 'whatsapp_phone': {
        const phone = text(value)?.replace(/[\s-]/g, '');
        if (!phone || !phonePattern.test(phone)) problem(problems, field, changeRequestMessages.phoneInvalid);
        else account[field] = phone;
        break;
      }
      case 'address': {
        const address = text(value);
        if (target.providerId === null) problem(problems, field, changeRequestMessages.providersOnly);
        else if (!address || address.length < 2 || address.length > 500) problem(problems, field, changeRequestMessages.addressInvalid);
        else provider.address = address;
        break;
      }
      case 'speciality_id': {
        const id = typeof value === 'number' ? value : typeof value === 'string' && /^[0-9]{1,15}$/.test(value) ? Number(value) : NaN;
        if (target.providerKind !== 'doctor') problem(problems, field, changeRequestMessages.doctorsOnly);
        else if (!Number.isSafeInteger(id) || id < 1 || !(await repository.specialityExists(tx, id)))
          problem(problems, field, changeRequestMessages.specialityMissing);
        else provider.speciality_id = id;
        break;
      }
      default:
        problem(problems, field, changeRequestMessages.fieldNotAllowed, { field: fieldName(field.slice(0, 60)) });
    }
  }
  if (Object.keys(problems).length > 0) throw new ValidationError(problems);
  await repository.updateAccount(tx, target.userId, account);
  if (target.providerId !== null) await repository.updateProvider(tx, target.providerId, provider);
}

/** One change request as the list shows it (the review queue's record), or undefined. */
export const findChangeRequest = (db: Database, id: number) => repository.find(db, id);

/**
 * 1 accepts (and applies the change in the same transaction), 2 rejects with an optional reason; only waiting
 * requests can be decided. The requester is told either way, in the same transaction. `precondition` runs on
 * the locked row before anything changes. The list's buttons and the review queue both decide here.
 */
export const decideChangeRequest = (
  db: Database,
  actorId: number,
  id: number,
  status: 1 | 2,
  reason: string | null = null,
  precondition?: (locked: { status: number }) => void,
) =>
  audited(db, actorId, async (tx) => {
    const locked = await repository.lock(tx, id);
    if (!locked) throw notFound(changeRequestMessages.notFound);
    precondition?.(locked);
    if (locked.status !== 0) throw new HttpError(422, changeRequestMessages.alreadyDecided);
    const before = await repository.find(tx, id);
    if (status === 1) {
      const target = await repository.target(tx, locked.user_id);
      if (!target) throw notFound(changeRequestMessages.notFound);
      await applyChanges(tx, target, locked.changes);
    }
    const kept = status === 2 ? reason : null;
    await repository.decide(tx, id, status, actorId, kept);
    await notifyDecision(tx, locked.user_id, status, kept);
    const after = (await repository.find(tx, id))!;
    return { result: after, audit: { action: status === 1 ? 'approve' : 'reject', entity, entityId: id, before, after } };
  });

export function createChangeRequestService(db: Database) {
  return {
    list: () => repository.all(db),

    /**
     * A decision on many requests (runBulkAction): an unknown id refuses the request; decided ones are
     * skipped. Accepting applies each request's change as the single decision does, row by row inside the
     * one transaction (each is checked and written to its own account); one that cannot be applied refuses
     * the whole request (422 naming it and why), nothing written. The status and audit rows are then one statement.
     */
    bulkDecide: (actorId: number, target: BulkTarget<ChangeRequestBulkFilter>, status: 1 | 2, reason: string | null = null) =>
      runBulkAction(db, target, {
        lockKnown: (tx, ids) => repository.lockIds(tx, ids),
        notInList: bulkMessages.changeRequestNotInList,
        lockMatching: async (tx, filter) => (await repository.lockWaiting(tx, { filter })).map((request) => request.id),
        change: async (tx, ids) => {
          const waiting = await repository.lockWaiting(tx, { ids });
          if (status === 1) {
            const refused: Message[] = [];
            for (const request of waiting) {
              const account = await repository.target(tx, request.user_id);
              if (!account) continue; // the account's deletion cascades to its requests: not reached
              try {
                await applyChanges(tx, account, request.changes);
              } catch (error) {
                if (!(error instanceof ValidationError)) throw error;
                refused.push(localized(bulkMessages.changeRequestNotApplicable, { id: request.id, reason: firstProblem(error) }));
              }
            }
            if (refused.length > 0) throw new ValidationError({ ids: refused.slice(0, 10) });
          }
          const decided = await repository.bulkDecide(
            tx,
            actorId,
            waiting.map((request) => request.id),
            status,
            status === 2 ? reason : null,
          );
          for (const request of waiting) await notifyDecision(tx, request.user_id, status, status === 2 ? reason : null);
          return decided;
        },
      }),

    /** 1 accepts, 2 rejects: see decideChangeRequest. */
    decide: (actorId: number, id: number, status: 1 | 2, reason: string | null = null) =>
      decideChangeRequest(db, actorId, id, status, reason),
  };
}
