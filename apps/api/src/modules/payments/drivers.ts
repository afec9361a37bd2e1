import type { UrlSigner } from '../../storage/signed-urls';
import type { PaymentDriver } from './driver';
import { fakeDriver } from './fake-driver';
import type { PaymentDriverName, PaymentSettings } from './settings';

/** The fake gateway's HMAC key: PAYMENT_HMAC_SECRET, or one derived from APP_KEY (shared by every process). */
export const fakeHmacSecret = (settings: PaymentSettings, signer: UrlSigner) => settings.hmacSecret ?? signer.derivedKey('payment-hmac');

const driverFactories: Record<PaymentDriverName, (settings: PaymentSettings, signer: UrlSigner) => PaymentDriver> = {
  fake: (settings, signer) => fakeDriver(fakeHmacSecret(settings, signer)),
};

/**
 * The drivers this process answers for, by name: the configured one only, so that the fake gateway's page and
 * callback do not exist where a real gateway is configured. A new gateway (Paymob, Fawry) is one more name in
 * settings.ts, one entry here and one file implementing PaymentDriver; booking and the callback's rules do not change.
 */
export function paymentDrivers(settings: PaymentSettings, signer: UrlSigner): Map<string, PaymentDriver> {
  const driver = driverFactories[settings.driver](settings, signer);
  return new Map([[driver.name, driver]]);
}
