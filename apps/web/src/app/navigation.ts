/**
 * Sidebar entries in the spec's order (§2 Navigation entries); Logout follows them.
 * `to` is relative to /{lng}/dashboard; `tab` marks an entry that is a tab of a screen.
 */
export type NavigationEntry = { key: string; to: string; tab?: string };

export const navigation: readonly NavigationEntry[] = [
  { key: 'home', to: 'home' },
  { key: 'users', to: 'users' },
  { key: 'doctors', to: 'doctors' },
  { key: 'pharmacies', to: 'pharmacies' },
  { key: 'hospitals', to: 'hospitals' },
  { key: 'types', to: 'hospitals', tab: 'types' },
  { key: 'medicalCenters', to: 'medical-center' },
  { key: 'companies', to: 'company' },
  { key: 'homeAds', to: 'home-ads' },
  { key: 'subscription', to: 'subscription' },
  { key: 'requests', to: 'requests' },
  { key: 'userSubscription', to: 'user-subscription' },
  { key: 'locations', to: 'locations' },
  { key: 'prescriptions', to: 'prescription' },
  { key: 'specialities', to: 'specialities' },
];

/** Whether an entry is the current screen: same path and same tab (the tab-less entry owns the other tabs). */
export function isActiveEntry(entry: NavigationEntry, pathname: string, search: string, lng: string): boolean {
  const base = `/${lng}/dashboard/${entry.to}`;
  if (pathname !== base && !pathname.startsWith(`${base}/`)) return false;
  const tab = new URLSearchParams(search).get('tab');
  const tabbed = navigation.filter((other) => other.to === entry.to && other.tab).map((other) => other.tab);
  return entry.tab ? tab === entry.tab : !tabbed.includes(tab ?? undefined);
}
