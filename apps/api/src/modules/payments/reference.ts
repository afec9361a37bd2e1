import { randomBytes } from 'node:crypto';

/** A payment intent's reference, or a fake gateway's event id: random, unguessable, URL-safe (the merchant order id). */
export const newPaymentReference = () => randomBytes(18).toString('base64url');
