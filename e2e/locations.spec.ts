import { expect, test, type Page } from '@playwright/test';
import { languages, unique, type Lng } from './support/env';
import { rowAction } from './support/row-menu';
import { gotoAs, sharedSession, type Session } from './support/session';
import { apiStore, failList, pngFile, rowOf, rows, searchFor, toast } from './support/resources';
import { appText } from './support/app-text';

type Country = { id: number; name_ar: string; name_en: string; mobile_prefix: string };
type City = { id: number; name_ar: string; name_en: string; country_id: number };

const texts = {
  en: {
    countries: appText('en', 'locations:tabCountries'),
    cities: appText('en', 'locations:tabCities'),
    states: appText('en', 'locations:tabStates'),
    nameAr: appText('en', 'locations:nameAr'),
    nameEn: appText('en', 'locations:nameEn'),
    prefix: appText('en', 'locations:country.mobilePrefix'),
    flag: appText('en', 'locations:country.flag'),
    country: appText('en', 'locations:city.country'),
    city: appText('en', 'locations:state.city'),
    addCountry: appText('en', 'locations:country.addButton'),
    submitCountry: appText('en', 'locations:country.submitAdd'),
    submitCity: appText('en', 'locations:city.submitAdd'),
    submitState: appText('en', 'locations:state.submitAdd'),
    editCountry: appText('en', 'locations:country.editTitle'),
    updateCountry: appText('en', 'locations:country.submitUpdate'),
    addCity: appText('en', 'locations:city.addButton'),
    updateCity: appText('en', 'locations:city.submitUpdate'),
    addState: appText('en', 'locations:state.addButton'),
    updateState: appText('en', 'locations:state.submitUpdate'),
    searchCountries: appText('en', 'locations:country.searchPlaceholder'),
    searchCities: appText('en', 'locations:city.searchPlaceholder'),
    searchStates: appText('en', 'locations:state.searchPlaceholder'),
    countryAdded: appText('en', 'locations:country.added'),
    countryUpdated: appText('en', 'locations:country.updated'),
    countryStatus: 'Country state updated successfully!',
    countryDeleted: appText('en', 'locations:country.deleted'),
    cityAdded: appText('en', 'locations:city.added'),
    cityUpdated: appText('en', 'locations:city.updated'),
    cityStatus: 'City state updated successfully!',
    stateAdded: appText('en', 'locations:state.added'),
    stateUpdated: appText('en', 'locations:state.updated'),
    stateStatus: 'State state updated successfully!',
    countriesError: 'Error fetching Countries.',
    citiesError: 'Error fetching Cities.',
    statesError: 'Error fetching States.',
    flagRequired: 'Flag image is required',
    prefixInvalid: appText('en', 'validation:mobilePrefixInvalid'),
    countryRequired: appText('en', 'validation:countryRequired'),
    taken: appText('en', 'validation:nameTaken'),
    countryInUse: /This country has \d+ cities/,
    edit: appText('en', 'common:edit'),
    delete: appText('en', 'common:delete'),
    yesDelete: appText('en', 'common:confirmDialog.deleteConfirm'),
    previous: appText('en', 'common:pagination.previous'),
    next: appText('en', 'common:pagination.next'),
    preview: appText('en', 'common:imagePreview'),
    egypt: 'Egypt',
  },
  ar: {
    countries: appText('ar', 'locations:tabCountries'),
    cities: appText('ar', 'locations:tabCities'),
    states: appText('ar', 'locations:tabStates'),
    nameAr: appText('ar', 'locations:nameAr'),
    nameEn: appText('ar', 'locations:nameEn'),
    prefix: appText('ar', 'locations:country.mobilePrefix'),
    flag: appText('ar', 'locations:country.flag'),
    country: appText('ar', 'locations:city.country'),
    city: appText('ar', 'locations:state.city'),
    addCountry: appText('ar', 'locations:country.addButton'),
    submitCountry: appText('ar', 'locations:country.submitAdd'),
    submitCity: appText('ar', 'locations:city.submitAdd'),
    submitState: appText('ar', 'locations:state.submitAdd'),
    editCountry: appText('ar', 'locations:country.editTitle'),
    updateCountry: appText('ar', 'locations:country.submitUpdate'),
    addCity: appText('ar', 'locations:city.addButton'),
    updateCity: appText('ar', 'locations:city.submitUpdate'),
    addState: appText('ar', 'locations:state.addButton'),
    updateState: appText('ar', 'locations:state.submitUpdate'),
    searchCountries: appText('ar', 'locations:country.searchPlaceholder'),
    searchCities: appText('ar', 'locations:city.searchPlaceholder'),
    searchStates: appText('ar', 'locations:state.searchPlaceholder'),
    countryAdded: appText('ar', 'locations:country.added'),
    countryUpdated: appText('ar', 'locations:country.updated'),
    countryStatus: 'تم تحديث حالة الدولة بنجاح!',
    countryDeleted: appText('ar', 'locations:country.deleted'),
    cityAdded: appText('ar', 'locations:city.added'),
    cityUpdated: appText('ar', 'locations:city.updated'),
    cityStatus: 'تم تحديث حالة المدينة بنجاح!',
    stateAdded: appText('ar', 'locations:state.added'),
    stateUpdated: appText('ar', 'locations:state.updated'),
    stateStatus: 'تم تحديث حالة المنطقة بنجاح!',
    countriesError: 'تعذّر تحميل الدول.',
    citiesError: 'تعذّر تحميل المدن.',
    statesError: 'تعذّر تحميل المناطق.',
    flagRequired: 'صورة العلم مطلوبة',
    prefixInvalid: appText('ar', 'validation:mobilePrefixInvalid'),
    countryRequired: appText('ar', 'validation:countryRequired'),
    taken: appText('ar', 'validation:nameTaken'),
    countryInUse: /هذه الدولة تضم [٠-٩]+ من المدن/,
    edit: appText('ar', 'common:edit'),
    delete: appText('ar', 'common:delete'),
    yesDelete: appText('ar', 'common:confirmDialog.deleteConfirm'),
    previous: appText('ar', 'common:pagination.previous'),
    next: appText('ar', 'common:pagination.next'),
    preview: appText('ar', 'common:imagePreview'),
    egypt: 'مصر',
  },
} satisfies Record<Lng, Record<string, unknown>>;

const tabPath = (tab: string) => `/dashboard/locations?tab=${tab}`;

async function newCountry(page: Page, session: Session, prefix = 'Country'): Promise<Country> {
  const name = unique(prefix);
  return apiStore<Country>(page.request, session, '/api/admin/countries/store', {
    name_ar: `دولة ${name}`,
    name_en: name,
    mobile_prefix: '+999',
    flag: await pngFile(page, 30, 20),
  });
}
async function newCity(page: Page, session: Session, countryId: number): Promise<City> {
  const name = unique('City');
  return apiStore<City>(page.request, session, '/api/admin/cities/store', {
    name_ar: `مدينة ${name}`,
    name_en: name,
    country_id: countryId,
  });
}

/** Picks an option of a server-searching combobox by typing part of its label. */
async function choose(page: Page, label: string, typed: string, option: string) {
  const box = page.getByRole('combobox', { name: label });
  await box.fill(typed);
  await page.getByRole('option', { name: option }).first().click();
  await expect(box).toHaveValue(option);
}

for (const lng of languages) {
  const t = texts[lng];

  test.describe(`locations (${lng})`, () => {
    test('the tab is in the URL and survives a reload; demo countries show flag and prefix', async ({ page }) => {
      await gotoAs(page, lng, '/dashboard/locations');
      await expect(page.getByRole('tab', { name: t.countries })).toHaveAttribute('aria-selected', 'true');
      await searchFor(page, t.searchCountries, t.egypt);
      const egypt = rowOf(page, 'Egypt');
      await expect(egypt).toContainText('مصر');
      await expect(egypt).toContainText('+20');
      await expect(egypt.getByRole('img')).toBeVisible();

      await page.getByRole('tab', { name: t.cities }).click();
      await expect(page).toHaveURL(/tab=cities/);
      await page.reload();
      await expect(page.getByRole('tab', { name: t.cities })).toHaveAttribute('aria-selected', 'true');
      await searchFor(page, t.searchCities, lng === 'ar' ? 'القاهرة' : 'cairo');
      await expect(rowOf(page, 'Cairo')).toContainText(t.egypt);

      await page.getByRole('tab', { name: t.states }).click();
      await expect(page).toHaveURL(/tab=states/);
      await searchFor(page, t.searchStates, 'Nasr City');
      await expect(rowOf(page, 'Nasr City')).toContainText(lng === 'ar' ? 'القاهرة' : 'Cairo');
    });

    test('adds a country with a previewed flag, after refusing a missing flag and a bad prefix', async ({ page }) => {
      const name = unique('Land');
      await gotoAs(page, lng, tabPath('countries'));
      await page.getByRole('link', { name: t.addCountry }).click();
      await expect(page).toHaveURL(`/${lng}/dashboard/addCountery`);
      await page.getByLabel(t.nameAr).fill(`أرض ${name}`);
      await page.getByLabel(t.nameEn).fill(name);
      await page.getByLabel(t.prefix).fill('20');
      await page.getByRole('button', { name: t.submitCountry, exact: true }).click();
      await expect(page.getByText(t.flagRequired)).toBeVisible();
      await expect(page.getByText(t.prefixInvalid)).toBeVisible();

      await page.getByLabel(t.prefix).fill('+971');
      await page.getByLabel(t.flag).setInputFiles(await pngFile(page, 30, 20, 'flag.png'));
      await expect(page.getByRole('img', { name: t.preview })).toBeVisible();
      await page.getByRole('button', { name: t.submitCountry, exact: true }).click();
      await expect(toast(page, t.countryAdded)).toBeVisible();
      await expect(page).toHaveURL(`/${lng}${tabPath('countries')}`);
      await searchFor(page, t.searchCountries, name);
      await expect(rowOf(page, name)).toContainText('+971');
      await expect(rowOf(page, name).getByRole('img')).toHaveJSProperty('complete', true);
    });

    test('edits a country (reload keeps the form), toggles it and deletes it; a country with cities is refused', async ({ page }) => {
      const session = await sharedSession(page.request);
      const country = await newCountry(page, session);
      await gotoAs(page, lng, tabPath('countries'), session);
      await searchFor(page, t.searchCountries, country.name_en);
      await (await rowAction(rowOf(page, country.name_en), t.edit)).click();
      await expect(page).toHaveURL(`/${lng}/dashboard/addCountery?id=${country.id}`);
      await page.reload();
      await expect(page.getByRole('heading', { level: 1, name: t.editCountry })).toBeVisible();
      await expect(page.getByLabel(t.prefix)).toHaveValue('+999');
      await page.getByLabel(t.prefix).fill('+998');
      await page.getByRole('button', { name: t.updateCountry, exact: true }).click();
      await expect(toast(page, t.countryUpdated)).toBeVisible();
      await expect(page).toHaveURL(`/${lng}${tabPath('countries')}`);

      await searchFor(page, t.searchCountries, country.name_en);
      const row = rowOf(page, country.name_en);
      await expect(row).toContainText('+998');
      await row.getByRole('switch').click();
      await expect(toast(page, t.countryStatus)).toBeVisible();
      await page.reload();
      await expect(rowOf(page, country.name_en).getByRole('switch')).toHaveAttribute('aria-checked', 'false');

      await (await rowAction(rowOf(page, country.name_en), t.delete)).click();
      await page.getByRole('alertdialog').getByRole('button', { name: t.yesDelete }).click();
      await expect(toast(page, t.countryDeleted)).toBeVisible();
      await expect(rowOf(page, country.name_en)).toHaveCount(0);

      await searchFor(page, t.searchCountries, 'Egypt');
      await (await rowAction(rowOf(page, 'Egypt'), t.delete)).click();
      await page.getByRole('alertdialog').getByRole('button', { name: t.yesDelete }).click();
      await expect(toast(page, t.countryInUse)).toBeVisible();
      await expect(rowOf(page, 'Egypt')).toHaveCount(1);
    });

    test('pages countries', async ({ page }) => {
      const session = await sharedSession(page.request);
      const prefix = unique('Paged');
      for (let i = 1; i <= 11; i++) await newCountry(page, session, `${prefix}-${String(i).padStart(2, '0')}`);
      await gotoAs(page, lng, tabPath('countries'), session);
      await searchFor(page, t.searchCountries, prefix);
      await expect(rows(page)).toHaveCount(10);
      await page.getByRole('button', { name: t.next }).click();
      await expect(page).toHaveURL(/page=2/);
      await expect(rows(page)).toHaveCount(1);
      await expect(page.getByRole('tab', { name: t.countries })).toHaveAttribute('aria-selected', 'true');
      await page.getByRole('button', { name: t.previous }).click();
      await expect(rows(page)).toHaveCount(10);
    });

    test('adds a city in a country picked by server search; refuses a duplicate in that country; edits and toggles it', async ({
      page,
    }) => {
      const session = await sharedSession(page.request);
      const country = await newCountry(page, session);
      const countryLabel = lng === 'ar' ? country.name_ar : country.name_en;
      const name = unique('Town');
      await gotoAs(page, lng, tabPath('cities'), session);
      await page.getByRole('link', { name: t.addCity }).click();
      await expect(page).toHaveURL(`/${lng}/dashboard/addCity`);
      await page.getByLabel(t.nameAr).fill(`بلدة ${name}`);
      await page.getByLabel(t.nameEn).fill(name);
      await page.getByRole('button', { name: t.submitCity, exact: true }).click();
      await expect(page.getByText(t.countryRequired)).toBeVisible();
      await choose(page, t.country, country.name_en.slice(-8), countryLabel);
      await page.getByRole('button', { name: t.submitCity, exact: true }).click();
      await expect(toast(page, t.cityAdded)).toBeVisible();
      await expect(page).toHaveURL(`/${lng}${tabPath('cities')}`);

      // Same name in the same country: refused on the field.
      await page.getByRole('link', { name: t.addCity }).click();
      await page.getByLabel(t.nameAr).fill(`أخرى ${name}`);
      await page.getByLabel(t.nameEn).fill(name.toUpperCase());
      await choose(page, t.country, country.name_en.slice(-8), countryLabel);
      await page.getByRole('button', { name: t.submitCity, exact: true }).click();
      await expect(page.getByText(t.taken)).toBeVisible();
      await page.goto(`/${lng}${tabPath('cities')}`);

      await searchFor(page, t.searchCities, name);
      await expect(rowOf(page, name)).toContainText(countryLabel);
      await rowOf(page, name).getByRole('switch').click();
      await expect(toast(page, t.cityStatus)).toBeVisible();
      await expect(rowOf(page, name).getByRole('switch')).toHaveAttribute('aria-checked', 'false');

      await (await rowAction(rowOf(page, name), t.edit)).click();
      await expect(page.getByRole('combobox', { name: t.country })).toHaveValue(countryLabel);
      await page.getByLabel(t.nameEn).fill(`${name} renamed`);
      await page.getByRole('button', { name: t.updateCity, exact: true }).click();
      await expect(toast(page, t.cityUpdated)).toBeVisible();
      await searchFor(page, t.searchCities, `${name} renamed`);
      await expect(rows(page)).toHaveCount(1);
    });

    test('adds a state in a city picked by server search, edits and toggles it', async ({ page }) => {
      const session = await sharedSession(page.request);
      const city = await newCity(page, session, (await newCountry(page, session)).id);
      const cityLabel = lng === 'ar' ? city.name_ar : city.name_en;
      const name = unique('District');
      await gotoAs(page, lng, tabPath('states'), session);
      await page.getByRole('link', { name: t.addState }).click();
      await expect(page).toHaveURL(`/${lng}/dashboard/addState`);
      await page.getByLabel(t.nameAr).fill(`حي ${name}`);
      await page.getByLabel(t.nameEn).fill(name);
      await choose(page, t.city, city.name_en.slice(-8), cityLabel);
      await page.getByRole('button', { name: t.submitState, exact: true }).click();
      await expect(toast(page, t.stateAdded)).toBeVisible();
      await expect(page).toHaveURL(`/${lng}${tabPath('states')}`);

      await searchFor(page, t.searchStates, name);
      await expect(rowOf(page, name)).toContainText(cityLabel);
      await rowOf(page, name).getByRole('switch').click();
      await expect(toast(page, t.stateStatus)).toBeVisible();
      await (await rowAction(rowOf(page, name), t.edit)).click();
      await page.reload();
      await expect(page.getByLabel(t.nameEn)).toHaveValue(name);
      await expect(page.getByRole('combobox', { name: t.city })).toHaveValue(cityLabel);
      await page.getByLabel(t.nameAr).fill(`حي معدل ${name}`);
      await page.getByRole('button', { name: t.updateState, exact: true }).click();
      await expect(toast(page, t.stateUpdated)).toBeVisible();
      await searchFor(page, t.searchStates, name);
      await expect(rowOf(page, name)).toContainText(`حي معدل ${name}`);
      await expect(rowOf(page, name).getByRole('switch')).toHaveAttribute('aria-checked', 'false');
    });

    test('shows the fetch failure toast of each tab', async ({ page }) => {
      for (const [tab, api, message] of [
        ['countries', '/api/admin/countries', t.countriesError],
        ['cities', '/api/admin/cities', t.citiesError],
        ['states', '/api/admin/states', t.statesError],
      ] as const) {
        const failing = await failList(page, api);
        await gotoAs(page, lng, tabPath(tab));
        await failing.retriedOut(toast(page, message));
      }
    });
  });
}
