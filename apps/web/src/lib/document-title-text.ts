/**
 * `Doctors · Sehha` / `الأطباء · صحّة`: the screen's name, then the product's. Apart from the router-bound
 * useDocumentTitle (document-title.ts) so that the login page's own entry (login-main.tsx) titles its page too.
 */
export function documentTitle(screen: string | undefined, appName: string, separator: string): string {
  return screen ? `${screen}${separator}${appName}` : appName;
}
