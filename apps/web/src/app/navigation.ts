import {
  Banknote,
  Building2,
  CalendarDays,
  Briefcase,
  ClipboardList,
  CreditCard,
  Eye,
  FileText,
  FolderLock,
  Hospital,
  House,
  Inbox,
  Layers,
  Mail,
  MapPin,
  Megaphone,
  Pill,
  ScrollText,
  ShieldCheck,
  Stethoscope,
  Tags,
  UserCheck,
  Users,
  type LucideIcon,
} from 'lucide-react';
import type { Permission } from '@sehha/contract/permissions';
import { paths, type FixedScreenName } from '../config/paths';

/**
 * Sidebar entries in the spec's order (§2 Navigation entries); Logout follows them.
 * `screen` is its screen in the route table (config/paths.ts); `tab` marks an entry that is a tab of a screen;
 * `permission`, when the screen needs more than `read`, hides the entry from roles without it (contract permissions.ts).
 */
export type NavigationEntry = { key: string; screen: FixedScreenName; tab?: string; icon: LucideIcon; permission?: Permission };

export const navigation: readonly NavigationEntry[] = [
  { key: 'home', screen: 'home', icon: House },
  // What waits for a decision, one record at a time (issue 29): for the roles that decide.
  { key: 'review', screen: 'review', icon: Inbox, permission: 'providers.decide' },
  { key: 'users', screen: 'users', icon: Users },
  { key: 'doctors', screen: 'doctors', icon: Stethoscope },
  { key: 'pharmacies', screen: 'pharmacies', icon: Pill },
  { key: 'hospitals', screen: 'hospitals', icon: Hospital },
  { key: 'types', screen: 'hospitals', tab: 'types', icon: Layers },
  { key: 'medicalCenters', screen: 'medicalCenters', icon: Building2 },
  { key: 'companies', screen: 'companies', icon: Briefcase },
  { key: 'homeAds', screen: 'homeAds', icon: Megaphone },
  { key: 'subscription', screen: 'subscription', icon: CreditCard },
  { key: 'requests', screen: 'requests', icon: ClipboardList },
  { key: 'userSubscription', screen: 'userSubscription', icon: UserCheck },
  // The platform's day (issue 29): every booking and every online checkout.
  { key: 'appointments', screen: 'appointments', icon: CalendarDays },
  { key: 'payments', screen: 'payments', icon: Banknote },
  { key: 'locations', screen: 'locations', icon: MapPin },
  { key: 'prescriptions', screen: 'prescriptions', icon: FileText },
  { key: 'specialities', screen: 'specialities', icon: Tags },
  // Beyond the specification's entries: who changed what (issue 12).
  { key: 'auditLog', screen: 'auditLog', icon: ScrollText },
  { key: 'dataRequests', screen: 'dataRequests', icon: FolderLock, permission: 'privacy.manage' },
  // Who read health data or documents (issue 28).
  { key: 'accessLog', screen: 'accessLog', icon: Eye, permission: 'privacy.manage' },
  { key: 'notifications', screen: 'notifications', icon: Mail },
  { key: 'admins', screen: 'admins', icon: ShieldCheck, permission: 'admins.manage' },
];

/** The entries this role may open (see usePermissions). */
export const allowedEntries = (can: (permission: Permission) => boolean) =>
  navigation.filter((entry) => !entry.permission || can(entry.permission));

/** Where an entry leads, in language `lng`. */
export const entryHref = (entry: NavigationEntry, lng: string) =>
  paths[entry.screen].getHref(lng, entry.tab ? { tab: entry.tab } : undefined);

/** Whether an entry is the current screen: same path and same tab (the tab-less entry owns the other tabs). */
export function isActiveEntry(entry: NavigationEntry, pathname: string, search: string, lng: string): boolean {
  const base = paths[entry.screen].getHref(lng);
  if (pathname !== base && !pathname.startsWith(`${base}/`)) return false;
  const tab = new URLSearchParams(search).get('tab');
  const tabbed = navigation.filter((other) => other.screen === entry.screen && other.tab).map((other) => other.tab);
  return entry.tab ? tab === entry.tab : !tabbed.includes(tab ?? undefined);
}
