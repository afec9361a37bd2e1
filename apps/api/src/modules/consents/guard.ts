import type { FastifyRequest } from 'fastify';
import { consentMessages, type LegalLibrary } from '@sehha/contract/legal';
import { HttpError } from '../../http/errors';
import { hasHealthConsent } from './service';

/**
 * A route's onRequest hook (after the account scope's): booking and sending prescriptions process health data,
 * which needs the account's consent to the privacy notice in force. Read from the token's account, no query;
 * answered before the body (a prescription's images) is read.
 */
export const requireHealthConsent = (library: LegalLibrary) =>
  async function requireHealthConsent(request: FastifyRequest) {
    if (!hasHealthConsent(library, request.account)) throw new HttpError(403, consentMessages.consentRequired);
  };
