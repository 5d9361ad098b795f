import { expect, type Browser, type BrowserContext, type Locator, type Page } from '@playwright/test';

/** The exact total under a server-paginated table: 'N in total'. */
export async function readTotal(scope: Page | Locator): Promise<number> {
  const total = scope.getByTestId('table-total');
  await expect(total).toHaveText(/^\d+ in total$/);
  return Number.parseInt((await total.textContent())!, 10);
}

/**
 * Opens an invitation link in a browser context of its own and registers as a person would:
 * Name, Password, Repeat password, Create account. The new account lands signed in on Flights.
 */
export async function registerFromLink(
  browser: Browser,
  link: string,
  account: { email: string; name: string; password: string },
): Promise<{ context: BrowserContext; page: Page }> {
  const context = await browser.newContext();
  const page = await context.newPage();
  await page.goto(link);
  await expect(page.getByText(`with the e-mail address ${account.email}`)).toBeVisible();
  await page.getByLabel('Name').fill(account.name);
  await page.getByLabel('Password', { exact: true }).fill(account.password);
  await page.getByLabel('Repeat password').fill(account.password);
  await page.getByRole('button', { name: 'Create account' }).click();
  await expect(page).toHaveURL(/\/dashboard\/flights$/);
  await expect(page.getByTestId('user-name')).toHaveText(account.name);
  return { context, page };
}

/** A short random word, so names stay unique across runs and searches find exactly one person. */
export function uniqueSuffix(): string {
  return Math.random().toString(36).slice(2, 8);
}

/** The first (and only) data row holding `text` in the table labelled `label`. */
export function tableRow(page: Page, label: string, text: string): Locator {
  return page.getByRole('table', { name: label, exact: true }).getByRole('row').filter({ hasText: text });
}
