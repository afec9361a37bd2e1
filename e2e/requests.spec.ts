import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import { demoFixtures } from '../apps/api/src/seed/demo-fixtures';
import { baseURL, languages, type Lng } from './support/env';
import { gotoAs, sharedSession, type Session } from './support/session';
import { appText } from './support/app-text';

const texts = {
  en: {
    title: 'Requests',
    columns: (['name', 'email', 'role', 'status'] as const).map((key) => appText('en', `change-requests:${key}`)),
    waiting: 'Waiting For Approval',
    approved: appText('en', 'change-requests:statuses.approved'),
    rejected: appText('en', 'change-requests:statuses.rejected'),
    accept: appText('en', 'change-requests:accept'),
    reject: appText('en', 'change-requests:reject'),
    roles: {
      user: 'User',
      doctor: 'Doctor',
      pharmacy: 'Pharmacy',
      hospital: 'Medical Institute',
      company: 'Company',
      medical_center: 'N/A',
    },
    acceptTitle: appText('en', 'change-requests:decision.accept.title'),
    rejectTitle: appText('en', 'change-requests:decision.reject.title'),
    yesAccept: appText('en', 'change-requests:decision.accept.confirm'),
    yesReject: appText('en', 'change-requests:decision.reject.confirm'),
    cancel: appText('en', 'common:confirmDialog.cancel'),
    pageOf: (page: number, total: number) => appText('en', 'common:pagination.pageOf', { page, total }),
    next: appText('en', 'common:pagination.next'),
    phone: appText('en', 'change-requests:fields.phone'),
    reasonLabel: appText('en', 'change-requests:reasonLabel'),
    reason: 'The number is not registered to you',
  },
  ar: {
    title: 'طلبات التعديل',
    columns: (['name', 'email', 'role', 'status'] as const).map((key) => appText('ar', `change-requests:${key}`)),
    waiting: appText('ar', 'change-requests:statuses.waiting'),
    approved: appText('ar', 'change-requests:statuses.approved'),
    rejected: appText('ar', 'change-requests:statuses.rejected'),
    accept: appText('ar', 'change-requests:accept'),
    reject: appText('ar', 'change-requests:reject'),
    roles: { user: 'مستخدم', doctor: 'طبيب', pharmacy: 'صيدلية', hospital: 'مؤسسة طبية', company: 'شركة', medical_center: 'غير محدد' },
    acceptTitle: appText('ar', 'change-requests:decision.accept.title'),
    rejectTitle: appText('ar', 'change-requests:decision.reject.title'),
    yesAccept: appText('ar', 'change-requests:decision.accept.confirm'),
    yesReject: appText('ar', 'change-requests:decision.reject.confirm'),
    cancel: appText('ar', 'common:confirmDialog.cancel'),
    pageOf: (page: number, total: number) =>
      appText('ar', 'common:pagination.pageOf', {
        page: new Intl.NumberFormat('ar-EG').format(page),
        total: new Intl.NumberFormat('ar-EG').format(total),
      }),
    next: appText('ar', 'common:pagination.next'),
    phone: appText('ar', 'change-requests:fields.phone'),
    reasonLabel: appText('ar', 'change-requests:reasonLabel'),
    reason: 'الرقم غير مسجل باسمك',
  },
} satisfies Record<Lng, Record<string, unknown>>;

type Change = { field: string; current: unknown; requested: unknown };
type Request = {
  id: number;
  status: number;
  user: { id: number; name: string; email: string; role: keyof (typeof texts)['en']['roles'] };
  changes: Change[];
  reason: string | null;
};

const toast = (page: Page, text: string) => page.getByRole('alert').filter({ hasText: text });
const rows = (page: Page) => page.getByRole('table').locator('tbody tr');
const auth = (session: Session) => ({ Authorization: `Bearer ${session.token}`, Accept: 'application/json' });

async function allRequests(request: APIRequestContext, session: Session): Promise<Request[]> {
  const response = await request.get(`${baseURL}/api/admin/change-requests`, { headers: auth(session) });
  expect(response.ok()).toBe(true);
  return ((await response.json()) as { data: Request[] }).data;
}

/** A waiting request that only changes contact details (harmless to accept), distinct per language and action. */
async function waitingRequest(request: APIRequestContext, session: Session, slot: number) {
  const harmless = (r: Request) =>
    r.status === 0 && r.changes.every((c) => c.field === 'phone' || c.field === 'whatsapp_phone' || c.field === 'address');
  const waiting = (await allRequests(request, session)).filter(harmless).sort((a, b) => b.id - a.id);
  const found = waiting[slot] ?? waiting[0];
  expect(found, 'a waiting change request from the demo data').toBeDefined();
  return found!;
}

languages.forEach((lng, index) => {
  const t = texts[lng];

  test.describe(`change requests (${lng})`, () => {
    test('lists requests with role and status labels and pages of 10', async ({ page }) => {
      const session = await sharedSession(page.request);
      const all = await allRequests(page.request, session);
      await gotoAs(page, lng, '/dashboard/requests', session);
      await expect(page.getByRole('heading', { level: 1, name: t.title })).toBeVisible();
      for (const column of t.columns) await expect(page.getByRole('columnheader', { name: column, exact: true })).toBeVisible();
      await expect(rows(page)).toHaveCount(Math.min(10, all.length));
      const lastPage = Math.ceil(all.length / 10);
      await expect(page.getByText(t.pageOf(1, lastPage))).toBeVisible();

      // The newest (waiting) fixture: its change is shown beside the current value.
      const fixture = all.find((r) => r.user.email === demoFixtures.waitingChangeRequest.email)!;
      const row = rows(page).filter({ hasText: demoFixtures.waitingChangeRequest.changes.phone });
      await expect(row).toContainText(demoFixtures.waitingChangeRequest.userName);
      await expect(row).toContainText(t.roles.user);
      await expect(row).toContainText(t.phone);
      const current = fixture.changes.find((c) => c.field === 'phone')!.current;
      if (typeof current === 'string') await expect(row).toContainText(current);
      if (fixture.status === 0) {
        await expect(row).toContainText(t.waiting);
        await expect(row.getByRole('button', { name: new RegExp(t.accept) })).toBeVisible();
      }

      await page.getByRole('button', { name: t.next }).click();
      await expect(page.getByText(t.pageOf(2, lastPage))).toBeVisible();
      // Decided requests carry no decision buttons (only their history); every label is one of the spec's.
      const decided = rows(page)
        .filter({ hasText: new RegExp(`${t.approved}|${t.rejected}`) })
        .first();
      await expect(decided).toBeVisible();
      await expect(decided.getByRole('button', { name: new RegExp(`${t.accept}|${t.reject}`) })).toHaveCount(0);
      await expect(decided.getByRole('button')).toHaveCount(1);
      const roleOf = all.slice(10, 20).map((r) => t.roles[r.user.role] ?? 'N/A');
      for (const [i, label] of roleOf.entries()) await expect(rows(page).nth(i)).toContainText(label);
    });

    test('accepts a waiting request: the change is applied and the toast names the account', async ({ page }) => {
      const session = await sharedSession(page.request);
      const target = await waitingRequest(page.request, session, index * 2);
      const requested = String(target.changes[0]!.requested);
      await gotoAs(page, lng, '/dashboard/requests?page=1', session);
      const row = rows(page).filter({ hasText: target.user.email }).filter({ hasText: requested });
      await expect(row).toContainText(t.waiting);
      // Nothing happens on the first click: a confirmation names the account and the decision.
      await row.getByRole('button', { name: new RegExp(t.accept) }).click();
      const dialog = page.getByRole('alertdialog', { name: t.acceptTitle });
      await expect(dialog).toContainText(target.user.name);
      await expect(dialog).toContainText(target.user.email);
      await dialog.getByRole('button', { name: t.cancel }).click();
      await expect(dialog).toBeHidden();
      expect((await allRequests(page.request, session)).find((r) => r.id === target.id)!.status).toBe(0);
      await expect(row).toContainText(t.waiting);

      await row.getByRole('button', { name: new RegExp(t.accept) }).click();
      await dialog.getByRole('button', { name: t.yesAccept }).click();
      // The toast names the account (issue 29) and offers Undo (e2e/undo.spec.ts).
      await expect(toast(page, appText(lng, 'change-requests:decided.1', { name: target.user.name }))).toBeVisible();
      await expect(page).toHaveURL(`/${lng}/dashboard/requests`);
      await expect(page.getByText(t.pageOf(1, Math.ceil((await allRequests(page.request, session)).length / 10)))).toBeVisible();

      const after = (await allRequests(page.request, session)).find((r) => r.id === target.id)!;
      expect(after.status).toBe(1);
      // The account now holds the requested value.
      for (const change of after.changes) expect(change.current).toBe(change.requested);
    });

    test('rejects a waiting request with a reason: nothing is applied, the reason is kept', async ({ page }) => {
      const session = await sharedSession(page.request);
      const target = await waitingRequest(page.request, session, index * 2 + 1);
      const requested = String(target.changes[0]!.requested);
      await gotoAs(page, lng, '/dashboard/requests', session);
      const row = rows(page).filter({ hasText: target.user.email }).filter({ hasText: requested });
      await row.getByRole('button', { name: new RegExp(t.reject) }).click();
      const dialog = page.getByRole('alertdialog', { name: t.rejectTitle });
      await expect(dialog).toContainText(target.user.email);
      // The reason is optional, labelled in the page's language; the requester's SMS/email quotes it.
      await dialog.getByRole('textbox', { name: t.reasonLabel }).fill(t.reason);
      await dialog.getByRole('button', { name: t.yesReject }).click();
      await expect(toast(page, appText(lng, 'change-requests:decided.2', { name: target.user.name }))).toBeVisible();
      await expect(dialog).toBeHidden();
      const after = (await allRequests(page.request, session)).find((r) => r.id === target.id)!;
      expect(after.status).toBe(2);
      expect(after.reason).toBe(t.reason);
      expect(after.changes[0]!.current).toEqual(target.changes[0]!.current);
      await gotoAs(page, lng, '/dashboard/requests?state=decided', session);
      await expect(rows(page).filter({ hasText: t.reason })).toHaveCount(1);
    });
  });
});
