import type { Database } from '../../db/database';
import { audited } from '../../audit/audit-log';
import { HttpError, ValidationError, notFound } from '../../http/errors';
import { fieldName, localized, type Message, type MessageParam } from '../../i18n/messages';
import { changeRequestRepository as repository, type AccountTarget, type ChangeRequestRecord } from './repository';
import { undoDecision, type UndoableResource } from '../../audit/undo-decision';
import { changeRequestMessages } from '@sehha/contract/messages';
import { bulkMessages } from '@sehha/contract/bulk-actions';
import type { BulkTarget } from '@sehha/contract/bulk';
import { validationMessages, type ValidationMessageKey } from '@sehha/contract/validation-messages';
import { runBulkAction } from '../../audit/bulk-action';
import { notifyAccount } from '../../outbox/notify-account';
import { changeRequestNotices } from '@sehha/contract/change-requests';
import { undoWindowSeconds } from '@sehha/contract/providers';

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

/**
 * Tells the requester the answer, in the transaction that decides it (the outbox delivers it after). An `undoable`
 * decision's notice waits out the Undo window, so that an undo within it recalls the notice before it leaves.
 */
function notifyDecision(tx: Database, userId: number, status: 1 | 2, reason: string | null, undoable = false) {
  const options = { delaySeconds: undoable ? undoWindowSeconds : undefined };
  if (status === 1) return notifyAccount(tx, userId, { kind: 'change_request_accepted', ...changeRequestNotices.accepted }, {}, options);
  return reason === null
    ? notifyAccount(tx, userId, { kind: 'change_request_rejected', ...changeRequestNotices.rejected }, {}, options)
    : notifyAccount(tx, userId, { kind: 'change_request_rejected', ...changeRequestNotices.rejectedWithReason }, { reason }, options);
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
  return { account: Object.keys(account), provider: target.providerId === null ? [] : Object.keys(provider) };
}

type Written = Awaited<ReturnType<typeof applyChanges>>;
type Profile = Awaited<ReturnType<typeof repository.profile>>;

/** The columns `written` names, from a profile as the database keeps it (a fee as numeric text). */
const pickWritten = (profile: Profile, written: Written) => {
  const pick = (row: Record<string, unknown> | null, keys: string[]) => Object.fromEntries(keys.map((key) => [key, row?.[key] ?? null]));
  return { account: pick(profile.account, written.account), provider: pick(profile.provider, written.provider) };
};
type Values = ReturnType<typeof pickWritten>;

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
    // An acceptance keeps the values it replaced and the ones it wrote, so that its undo can put them back.
    let undoable: { replaced: Values; applied: Values } | undefined;
    if (status === 1) {
      const target = await repository.target(tx, locked.user_id);
      if (!target) throw notFound(changeRequestMessages.notFound);
      const prior = await repository.profile(tx, target);
      const written = await applyChanges(tx, target, locked.changes);
      undoable = { replaced: pickWritten(prior, written), applied: pickWritten(await repository.profile(tx, target), written) };
    }
    const kept = status === 2 ? reason : null;
    await repository.decide(tx, id, status, actorId, kept);
    const noticeIds = await notifyDecision(tx, locked.user_id, status, kept, true);
    const after = (await repository.find(tx, id))!;
    return {
      result: after,
      audit: {
        action: status === 1 ? 'approve' : 'reject',
        entity,
        entityId: id,
        before,
        after: { ...after, notice_ids: noticeIds, ...undoable },
      },
    };
  });

const valuesIn = (value: unknown): Values | undefined => {
  const values = value as Partial<Values> | undefined;
  return values?.account && values.provider ? { account: values.account, provider: values.provider } : undefined;
};
const keysOf = (values: Values): Written => ({ account: Object.keys(values.account), provider: Object.keys(values.provider) });

/**
 * A change request decision's undo (audit/undo-decision.ts): the request waits again; an acceptance's values go
 * back to what it replaced, only while the account still holds the values it wrote (else someone changed them: 409).
 */
const undoableChangeRequest: UndoableResource<NonNullable<Awaited<ReturnType<typeof repository.lock>>>, ChangeRequestRecord> = {
  entity,
  decisions: ['approve', 'reject'],
  notFound: changeRequestMessages.notFound,
  lock: (tx, id) => repository.lock(tx, id),
  async unchanged(tx, record, decision) {
    if (record.status !== decision.after.status) return false;
    const applied = valuesIn(decision.after.applied);
    if (!applied) return decision.action === 'reject';
    const target = await repository.target(tx, record.user_id);
    return (
      target !== undefined && JSON.stringify(pickWritten(await repository.profile(tx, target), keysOf(applied))) === JSON.stringify(applied)
    );
  },
  async restore(tx, record, decision) {
    const replaced = valuesIn(decision.after.replaced);
    const target = replaced && (await repository.target(tx, record.user_id));
    if (replaced && target) await repository.restoreProfile(tx, target, replaced);
    await repository.reopen(tx, record.id);
    return (await repository.find(tx, record.id))!;
  },
};

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

    /** Takes back the caller's own decision on the request (the toast's Undo): see undoableChangeRequest. */
    undoDecision: (actorId: number, id: number) => undoDecision(db, actorId, id, undoableChangeRequest),
  };
}
