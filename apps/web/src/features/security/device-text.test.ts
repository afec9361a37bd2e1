import { describe, expect, it } from 'vitest';
import i18n from '../../i18n';
import { deviceText } from './device-text';

describe('a session’s device', () => {
  it('is written in the page’s language, digits included', async () => {
    // The security texts are loaded apart from the bundles (i18n/lazy-namespaces.ts): add them for both languages.
    const security = await Promise.all([import('../../i18n/en/security'), import('../../i18n/ar/security')]);
    i18n.addResourceBundle('en', 'security', security[0].default, true, true);
    i18n.addResourceBundle('ar', 'security', security[1].default, true, true);
    const linux = { browser: 'Firefox', version: '132', os: 'Linux' };
    expect(deviceText(i18n.getFixedT('en'), linux)).toBe('Firefox 132 on Linux');
    expect(deviceText(i18n.getFixedT('ar'), linux)).toBe('فايرفوكس ١٣٢ على لينكس');
    expect(deviceText(i18n.getFixedT('ar'), { browser: 'Mobile Safari', version: '17', os: 'iOS' })).toBe('سفاري ١٧ على آي أو إس');
    expect(deviceText(i18n.getFixedT('ar'), { browser: 'Chrome', version: null, os: null })).toBe('كروم');
    // A browser the dashboard has no name for keeps its own, isolated inside the Arabic sentence.
    expect(deviceText(i18n.getFixedT('ar'), { browser: 'Brave', version: '120', os: 'Windows' })).toBe('\u2068Brave\u2069 ١٢٠ على ويندوز');
    expect(deviceText(i18n.getFixedT('ar'), null)).toBe('غير معروف');
  });
});
