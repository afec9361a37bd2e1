import { expect, type APIRequestContext, type Locator, type Page } from '@playwright/test';
import { baseURL, type Lng } from './env';
import type { Session } from './session';

export type ApiAppointment = {
  id: number;
  appointment_time: string;
  type: string;
  status: 'held' | 'booked' | 'completed' | 'no_show' | 'cancelled';
  user: { name: string; phone: string | null };
  appointable: { name_ar: string; name_en: string; user: { phone: string | null } };
};
export type ApiPage<T> = {
  data: T[];
  current_page: number;
  last_page: number;
  total: number;
  next_page_url: string | null;
  prev_page_url: string | null;
};

/** One page of appointments straight from the API, to compare the screen with. */
export async function appointmentsPage(
  request: APIRequestContext,
  session: Session,
  owner: 'doctor' | 'hospital' | 'medical-center',
  id: number,
  page = 1,
): Promise<ApiPage<ApiAppointment>> {
  const response = await request.get(`${baseURL}/api/admin/appointments/${owner}/${id}`, {
    headers: { Authorization: `Bearer ${session.token}`, Accept: 'application/json' },
    params: { per_page: '8', page: String(page) },
  });
  expect(response.status(), await response.text()).toBe(200);
  return ((await response.json()) as { data: ApiPage<ApiAppointment> }).data;
}

const monthNames = {
  en: ['January', 'February', 'March', 'April', 'May', 'June', 'July', 'August', 'September', 'October', 'November', 'December'],
  ar: ['يناير', 'فبراير', 'مارس', 'أبريل', 'مايو', 'يونيو', 'يوليو', 'أغسطس', 'سبتمبر', 'أكتوبر', 'نوفمبر', 'ديسمبر'],
};
const arabicDigits = (text: string) => text.replace(/\d/g, (d) => '٠١٢٣٤٥٦٧٨٩'[Number(d)]!);

/** What a card must read, worked out here by hand (not with the app's code): 'DD Month YYYY', 'h AM'. */
export function expectedVisit(appointmentTime: string, lng: Lng): { day: string; time: string } {
  const [year, month, day] = appointmentTime.slice(0, 10).split('-');
  const hour24 = Number(appointmentTime.slice(11, 13));
  const hour = String(hour24 % 12 === 0 ? 12 : hour24 % 12);
  if (lng === 'en') return { day: `${day} ${monthNames.en[Number(month) - 1]} ${year}`, time: `${hour} ${hour24 < 12 ? 'AM' : 'PM'}` };
  return {
    day: `${arabicDigits(day!)} ${monthNames.ar[Number(month) - 1]} ${arabicDigits(year!)}`,
    time: `${arabicDigits(hour)} ${hour24 < 12 ? 'صباحًا' : 'مساءً'}`,
  };
}

export const cards = (page: Page) => page.getByTestId('appointment-card');
export const field = (card: Locator, name: string) => card.locator(`[data-field="${name}"]`);

/** Number of columns the appointment grid lays out at the current viewport. */
export const gridColumns = (page: Page) =>
  page
    .getByRole('list')
    .filter({ has: page.getByTestId('appointment-card') })
    .evaluate((list) => getComputedStyle(list).gridTemplateColumns.split(' ').length);
