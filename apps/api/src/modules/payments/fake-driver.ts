import { createHmac, timingSafeEqual } from 'node:crypto';
import { appPaths } from '@sehha/contract/app-paths';
import { fakeCallbackBody, fakeCallbackSignedFields, type FakeCallbackBody } from '@sehha/contract/payments';
import type { PaymentDriver } from './driver';

type Unsigned = Omit<FakeCallbackBody, 'hmac'>;

/** Paymob's way: the signed fields' values concatenated in a fixed order, HMAC-SHA512, hex. */
const signatureOf = (secret: string | Buffer, fields: Readonly<Record<string, unknown>>) =>
  createHmac('sha512', secret)
    .update(fakeCallbackSignedFields.map((field) => String(fields[field])).join(''))
    .digest('hex');

/** The callback body the fake gateway POSTs, signed as a real gateway signs its own. */
export const signFakeCallback = (secret: string | Buffer, fields: Unsigned): FakeCallbackBody => ({
  ...fields,
  hmac: signatureOf(secret, fields),
});

/**
 * PAYMENT_DRIVER=fake (the default): its hosted page is ours (`GET /api/v1/payments/fake/{reference}`, Pay and
 * Fail buttons), and it calls back with a body signed by PAYMENT_HMAC_SECRET, exactly as a real gateway would.
 */
export function fakeDriver(secret: string | Buffer): PaymentDriver {
  return {
    name: 'fake',
    checkout: async (intent, { publicOrigin, language }) => ({
      url: `${publicOrigin}${appPaths.fakePaymentPage(intent.reference)}?lang=${language}`,
    }),
    verifyCallback({ body }) {
      const hmac = typeof body === 'object' && body !== null ? (body as Record<string, unknown>).hmac : undefined;
      if (typeof hmac !== 'string' || !/^[0-9a-f]{128}$/.test(hmac)) return { ok: false, problem: 'signature' };
      const given = Buffer.from(hmac, 'hex');
      const expected = Buffer.from(signatureOf(secret, body as Record<string, unknown>), 'hex');
      // Constant-time: a forger learns nothing from how long the comparison took.
      if (!timingSafeEqual(given, expected)) return { ok: false, problem: 'signature' };
      const parsed = fakeCallbackBody.safeParse(body);
      if (!parsed.success) return { ok: false, problem: 'unreadable' };
      const event = parsed.data;
      return {
        ok: true,
        event: {
          eventId: event.event_id,
          intent: { reference: event.reference },
          outcome: event.outcome,
          gatewayReference: event.gateway_reference,
          amountCents: event.amount_cents,
          currency: event.currency,
          failureReason: event.outcome === 'failed' ? 'declined (fake gateway)' : undefined,
        },
      };
    },
  };
}
