import type { AccessKind, AccessPurpose } from '@sehha/contract/status-codes';
import type { FileView } from '../storage/signed-urls';
import type { AccessLogRow } from './repository';

/** Registered as one route; its rows say which file in `details`. */
export const storageRoute = 'GET /storage/*';

/**
 * The access row of a private file opened through its signed link (storage-routes.ts), all of it from the signed
 * view: a prescription image (a pharmacy fulfilling it, or an admin overseeing), a provider's attachment or licence
 * (an admin reviewing it). A person opening their own file is not logged (docs/privacy.md): undefined.
 */
export function fileRead(view: FileView, key: string): Omit<AccessLogRow, 'address' | 'user_agent'> | undefined {
  if (view.as === 'account' && view.by === view.subject) return undefined;
  const prescription = view.entity === 'prescription';
  const kind: AccessKind = prescription ? 'prescription_image' : 'provider_document';
  const purpose: AccessPurpose = !prescription ? 'provider_review' : view.as === 'admin' ? 'platform_oversight' : 'prescription_fulfilment';
  return {
    actor_kind: view.as,
    actor_id: view.by,
    kind,
    purpose,
    route: storageRoute,
    entity: view.entity,
    record_ids: [String(view.id)],
    subject_user_ids: view.subject > 0 ? [view.subject] : [],
    details: { file: key },
  };
}
