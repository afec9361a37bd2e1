import type { TFunction } from 'i18next';
import type { Session } from '@sehha/contract/security';

/** The user agent parser's names, folded into the few the dashboard writes in each language (security:sessions.names). */
const knownNames: Record<string, string> = {
  Chrome: 'chrome',
  'Mobile Chrome': 'chrome',
  'Chrome Headless': 'chrome',
  'Chrome WebView': 'chrome',
  Chromium: 'chromium',
  Firefox: 'firefox',
  'Mobile Firefox': 'firefox',
  Safari: 'safari',
  'Mobile Safari': 'safari',
  Edge: 'edge',
  Opera: 'opera',
  'Samsung Browser': 'samsung',
  Windows: 'windows',
  'Mac OS': 'macos',
  macOS: 'macos',
  Linux: 'linux',
  Ubuntu: 'ubuntu',
  Android: 'android',
  iOS: 'ios',
  'Chromium OS': 'chromeos',
};

/** A name the dashboard does not know stays as the parser wrote it, isolated so it cannot reorder the Arabic around it. */
const nameOf = (t: TFunction, name: string) =>
  knownNames[name] ? t(`security:sessions.names.${knownNames[name]}`) : `\u2068${name}\u2069`;

/** "Chrome 131 on Linux" / "كروم ١٣١ على لينكس", from the parts the API read in the session's user agent. */
export function deviceText(t: TFunction, device: Session['device']): string {
  if (!device) return t('security:sessions.unknown');
  const version = device.version && /^\d+$/.test(device.version) ? Number(device.version) : (device.version ?? '');
  const browser = t('security:sessions.deviceBrowser', { browser: nameOf(t, device.browser), version })
    .replace(/\s+/g, ' ')
    .trim();
  return device.os ? t('security:sessions.device', { browser, os: nameOf(t, device.os) }) : browser;
}
