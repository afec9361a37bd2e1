import {
  Building2,
  Briefcase,
  ClipboardList,
  CreditCard,
  FileText,
  Hospital,
  House,
  Layers,
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

/**
 * Sidebar entries in the spec's order (§2 Navigation entries); Logout follows them.
 * `to` is relative to /{lng}/dashboard; `tab` marks an entry that is a tab of a screen; `permission`, when
 * the screen needs more than `read`, hides the entry from roles without it (contract permissions.ts).
 */
export type NavigationEntry = { key: string; to: string; tab?: string; icon: LucideIcon; permission?: Permission };

export const navigation: readonly NavigationEntry[] = [
  { key: 'home', to: 'home', icon: House },
  { key: 'users', to: 'users', icon: Users },
  { key: 'doctors', to: 'doctors', icon: Stethoscope },
  { key: 'pharmacies', to: 'pharmacies', icon: Pill },
  { key: 'hospitals', to: 'hospitals', icon: Hospital },
  { key: 'types', to: 'hospitals', tab: 'types', icon: Layers },
  { key: 'medicalCenters', to: 'medical-center', icon: Building2 },
  { key: 'companies', to: 'company', icon: Briefcase },
  { key: 'homeAds', to: 'home-ads', icon: Megaphone },
  { key: 'subscription', to: 'subscription', icon: CreditCard },
  { key: 'requests', to: 'requests', icon: ClipboardList },
  { key: 'userSubscription', to: 'user-subscription', icon: UserCheck },
  { key: 'locations', to: 'locations', icon: MapPin },
  { key: 'prescriptions', to: 'prescription', icon: FileText },
  { key: 'specialities', to: 'specialities', icon: Tags },
  // Beyond the specification's entries: who changed what (issue 12).
  { key: 'auditLog', to: 'audit-log', icon: ScrollText },
  { key: 'admins', to: 'admins', icon: ShieldCheck, permission: 'admins.manage' },
];

/** The entries this role may open (see usePermissions). */
export const allowedEntries = (can: (permission: Permission) => boolean) =>
  navigation.filter((entry) => !entry.permission || can(entry.permission));

/** Whether an entry is the current screen: same path and same tab (the tab-less entry owns the other tabs). */
export function isActiveEntry(entry: NavigationEntry, pathname: string, search: string, lng: string): boolean {
  const base = `/${lng}/dashboard/${entry.to}`;
  if (pathname !== base && !pathname.startsWith(`${base}/`)) return false;
  const tab = new URLSearchParams(search).get('tab');
  const tabbed = navigation.filter((other) => other.to === entry.to && other.tab).map((other) => other.tab);
  return entry.tab ? tab === entry.tab : !tabbed.includes(tab ?? undefined);
}
