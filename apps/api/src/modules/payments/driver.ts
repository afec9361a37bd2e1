import type { Language } from '@sehha/contract/messages';

/**
 * What a payment gateway must provide (docs/payments.md): nothing in booking or in the callback's rules knows
 * which gateway it is. A driver (Paymob, Fawry…) implements this and is registered in drivers.ts.
 */
export type PaymentDriver = {
  /** The name in PAYMENT_DRIVER, in payment_intents.driver and in the callback path `/payments/callback/{name}`. */
  readonly name: string;
  /**
   * The gateway's hosted page for this intent, where the patient's browser is sent. A real gateway registers the
   * order here (Paymob: an intention, whose id it echoes back signed) and may return its own id of it.
   */
  checkout(intent: CheckoutIntent, context: CheckoutContext): Promise<Checkout>;
  /**
   * Reads and verifies a callback: its signature first (constant-time), then its fields. `signature` for a bad or
   * missing signature (nothing may change), `unreadable` for a signed body without the fields we need.
   */
  verifyCallback(callback: IncomingCallback): CallbackVerdict;
};

export type CheckoutIntent = {
  reference: string;
  amountCents: number;
  currency: string;
  expiresAt: string;
};

export type CheckoutContext = {
  /** Scheme and authority of our own links (APP_URL), for the gateway's return and callback URLs. */
  publicOrigin: string;
  language: Language;
};

export type Checkout = {
  url: string;
  /** The gateway's id of the order, when it gives one at checkout (matched against callbacks by `gatewayReference`). */
  gatewayReference?: string | undefined;
};

export type IncomingCallback = {
  headers: Record<string, string | string[] | undefined>;
  query: Record<string, unknown>;
  body: unknown;
};

/** A verified callback: one gateway event about one of our intents. */
export type PaymentEvent = {
  /** The gateway's id of this notification, unique per driver: a replay carries the same id (payment_events). */
  eventId: string;
  /** Which intent: our reference, or the gateway's order id given at checkout, whichever the signature covers. */
  intent: { reference: string } | { gatewayReference: string };
  outcome: 'paid' | 'failed';
  /** The gateway's transaction id (payment_intents.gateway_reference once paid). */
  gatewayReference: string;
  /** Minor units (piastres), as the gateways send amounts. */
  amountCents: number;
  currency: string;
  /** The gateway's reason for a failure, when it gives one. */
  failureReason?: string | undefined;
};

export type CallbackVerdict = { ok: true; event: PaymentEvent } | { ok: false; problem: 'signature' | 'unreadable' };
