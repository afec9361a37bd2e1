import { dataRequestMessages } from '@sehha/contract/data-requests';
import type { AppDeps } from '../../app-deps';
import { recordAudit } from '../../audit/audit-log';
import { HttpError } from '../../http/errors';
import { eraseAccount, type ErasureOutcome } from '../erasure/service';
import { dataRequestRepository as repository } from './repository';

/**
 * Runs an open erasure request: takes it (received → in_progress, so two calls never erase at once), erases the
 * account (modules/erasure), then completes it. A refusal of the erasure (409: a provider with future appointments)
 * rejects the request with the reason, so that the person may ask again later; any other failure leaves it open
 * with the reason (last_error) for the admin's screen. An admin's run is audited with the request's outcome.
 */
export async function runErasure(
  deps: Pick<AppDeps, 'db' | 'storage' | 'clock'>,
  request: { id: number; userId: number },
  adminId: number | null,
): Promise<ErasureOutcome> {
  const taken = await deps.db.transaction((tx) => repository.takeReceived(tx, request.id, adminId));
  if (!taken) throw new HttpError(409, dataRequestMessages.erasureUnderWay);
  let outcome: ErasureOutcome;
  try {
    outcome = await eraseAccount(deps, request.userId, { adminId, requestId: request.id });
  } catch (error) {
    if (error instanceof HttpError && error.statusCode === 409) {
      await deps.db.transaction(async (tx) => {
        await repository.close(tx, request.id, { status: 'rejected', handledBy: adminId, note: error.body.en });
        if (adminId !== null)
          await recordAudit(tx, {
            actorId: adminId,
            action: 'run',
            entity: 'data_request',
            entityId: request.id,
            after: { status: 'rejected' },
          });
      });
    } else {
      await repository.failed(deps.db, request.id, String(error));
    }
    throw error;
  }
  await deps.db.transaction(async (tx) => {
    await repository.close(tx, request.id, { status: 'completed', handledBy: adminId });
    if (adminId !== null)
      await recordAudit(tx, {
        actorId: adminId,
        action: 'run',
        entity: 'data_request',
        entityId: request.id,
        after: { status: 'completed' },
      });
  });
  return outcome;
}
