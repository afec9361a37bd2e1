import { roleAllows } from '@sehha/contract/permissions';
import { providerKindSlugs, type DecisionDetails } from '@sehha/contract/providers';
import {
  reviewDecidePermissions,
  reviewDecisionStatus,
  reviewQueueKinds,
  reviewQueueMessages as messages,
  reviewRecordSlugs,
  type ReviewDecision,
  type ReviewItem,
  type ReviewNextInput,
  type ReviewQueueKind,
  type ReviewRecordSlug,
} from '@sehha/contract/review-queue';
import type { LicenseStatus, ProviderKind, ReviewRecordKind } from '@sehha/contract/status-codes';
import type { AuthenticatedAdmin } from '../../auth/auth-service';
import type { Database } from '../../db/database';
import { HttpError, ValidationError } from '../../http/errors';
import type { UrlSigner } from '../../storage/signed-urls';
import { decideProvider, findProviderItem, providerAttachments } from '../providers/service';
import { decisionOf } from '../providers/decision-notice';
import { decideLicense, licenseItem } from '../licenses/service';
import { decideChangeRequest, findChangeRequest } from '../change-requests/service';
import { reviewQueueRepository as repository, type Candidate, type QueuePosition } from './repository';

/** How many records one look at the queue considers: the next ones may be taken by other admins in the meantime. */
const lookahead = 5;

/** The provider list slug of a kind (the queue a provider waits in). */
const slugOfKind = Object.fromEntries(Object.entries(providerKindSlugs).map(([slug, kind]) => [kind, slug])) as Record<
  ProviderKind,
  keyof typeof providerKindSlugs
>;

const recordOfQueue = (kind: ReviewQueueKind): ReviewRecordKind =>
  kind in providerKindSlugs ? 'provider' : kind === 'licenses' ? 'license' : 'change_request';

const decidedByOther = () => new HttpError(409, messages.decidedByOther);
const claimedByOther = () => new HttpError(409, messages.claimedByOther);

/** The body of a decision, per record kind (the contract's reviewDecisionInputs). */
export type ReviewDecisionBody =
  | ({ decision: ReviewDecision; expected_status: string } & DecisionDetails)
  | { decision: 'accept' | 'reject'; expected_status: string | number; reason?: string | undefined };

type Deps = { db: Database; signer: UrlSigner; timeZone: string };

/**
 * The review queue (issue 29): hands out the oldest waiting record nobody else holds, claimed for a few minutes,
 * and decides through the same functions as the lists' buttons (decideProvider, decideLicense, decideChangeRequest),
 * so the audit rows, notices and rules are the ones every decision has.
 */
export function createReviewQueueService({ db, signer, timeZone }: Deps) {
  /** The record behind a candidate, in the shape the reviewer reads, or undefined when it no longer waits. */
  async function load(candidate: Candidate, claimExpiresAt: string, viewerId: number): Promise<ReviewItem | undefined> {
    const base = { id: candidate.id, claim_expires_at: claimExpiresAt };
    if (candidate.record === 'provider') {
      const provider = await findProviderItem(db, candidate.id);
      if (!provider || provider.status !== 'pending' || !provider.is_active) return undefined;
      const documents = await providerAttachments(db, signer, candidate.id, viewerId);
      return { record: 'provider', queue: slugOfKind[provider.kind], created_at: provider.created_at, ...base, provider, documents };
    }
    if (candidate.record === 'license') {
      const license = await licenseItem(db, signer, timeZone, candidate.id, viewerId);
      if (!license || license.status !== 'pending') return undefined;
      return { record: 'license', queue: 'licenses', created_at: license.created_at, ...base, license };
    }
    const request = await findChangeRequest(db, candidate.id);
    if (!request || request.status !== 0) return undefined;
    return { record: 'change_request', queue: 'change-requests', created_at: request.created_at, ...base, change_request: request };
  }

  /** Claims and answers the first of the next waiting records still free, releasing the admin's other claims. */
  async function next(admin: AuthenticatedAdmin, input: ReviewNextInput): Promise<ReviewItem | null> {
    const kinds = (input.kind ? [input.kind] : reviewQueueKinds).filter((kind) =>
      roleAllows(admin.adminRole, reviewDecidePermissions[recordOfQueue(kind)]),
    );
    // A role that may decide none of them (a viewer) has nothing waiting for it: the empty queue, not a 403 (the
    // route is a read; the decisions are what need the permission).
    if (kinds.length === 0) return null;
    const ref = input.after ?? input.before;
    const direction = input.before ? 'before' : 'after';
    // An unknown record (erased since) is no place in the order: start from the queue's beginning.
    let from: QueuePosition | undefined = ref ? await repository.position(db, ref) : undefined;
    for (let round = 0; round < 4; round++) {
      const candidates = await repository.candidates(db, kinds, admin.id, from, direction, lookahead);
      for (const candidate of candidates) {
        const expires = await repository.claim(db, candidate.record, candidate.id, admin.id);
        if (!expires) continue; // another admin took it a moment ago
        const item = await load(candidate, expires, admin.id);
        if (item) {
          await repository.releaseOthers(db, admin.id, candidate);
          return item;
        }
        await repository.release(db, candidate.record, candidate.id, admin.id); // decided a moment ago
      }
      if (candidates.length < lookahead) return null;
      from = candidates.at(-1);
    }
    return null;
  }

  /**
   * Decides a record the admin holds (or that nobody holds): its claim is taken first, so another admin's live
   * claim refuses the decision (409); then the record's own decision runs with the status the admin saw as its
   * precondition, checked on the locked row (409 when someone decided it since). The claim ends with the decision.
   */
  async function decide(admin: AuthenticatedAdmin, slug: ReviewRecordSlug, id: number, body: ReviewDecisionBody) {
    const record = reviewRecordSlugs[slug];
    if (!(await repository.claim(db, record, id, admin.id))) throw claimedByOther();
    const expected = (locked: { status: string | number }) => {
      if (locked.status !== body.expected_status) throw decidedByOther();
    };
    try {
      const status = await decideRecord(admin.id, record, id, body, expected);
      await repository.release(db, record, id, admin.id);
      return { record, id, status };
    } catch (error) {
      // A refusal the admin can fix (a field's 422) keeps the record in their hands; a gone or decided one does not
      // (a change request decided since answers a plain 422, "already decided").
      if (error instanceof HttpError && !(error instanceof ValidationError)) await repository.release(db, record, id, admin.id);
      throw error;
    }
  }

  async function decideRecord(
    actorId: number,
    record: ReviewRecordKind,
    id: number,
    body: ReviewDecisionBody,
    expected: (locked: { status: string | number }) => void,
  ): Promise<string | number> {
    if (record === 'provider') {
      const decided = await decideProvider(db, actorId, id, decisionOf(reviewDecisionStatus[body.decision], body), expected);
      return decided.status;
    }
    if (record === 'license') {
      const status: LicenseStatus = body.decision === 'accept' ? 'approved' : 'rejected';
      return (await decideLicense(db, actorId, id, status, expected)).status;
    }
    const reason = 'reason' in body ? (body.reason ?? null) : null;
    return (await decideChangeRequest(db, actorId, id, body.decision === 'accept' ? 1 : 2, reason, expected)).status;
  }

  return {
    counts: async () => {
      const counts = await repository.counts(db);
      return { counts, total: Object.values(counts).reduce((sum, count) => sum + count, 0) };
    },
    next,
    decide,
    /** Keeps the admin's claim while they stay on the record (or takes it back when it expired and nobody took it). */
    renew: async (admin: AuthenticatedAdmin, slug: ReviewRecordSlug, id: number) => {
      const expires = await repository.claim(db, reviewRecordSlugs[slug], id, admin.id);
      if (!expires) throw claimedByOther();
      return { expires_at: expires };
    },
    release: (admin: AuthenticatedAdmin, slug: ReviewRecordSlug, id: number) =>
      repository.release(db, reviewRecordSlugs[slug], id, admin.id),
  };
}
