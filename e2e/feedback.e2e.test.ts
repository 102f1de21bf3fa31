import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { launchBrowser, screenshot } from './support/browser.ts';
import { expectNoSeriousA11yViolations } from './support/a11y.ts';
import { ENGINEER, signIn } from './support/journeys.ts';
import { startPenstock, type RunningPenstock } from './support/server.ts';

/** The demo feedback reviewer of the README (admin@penstock.demo holds the feedback_reviewer role). */
const REVIEWER = { email: 'admin@penstock.demo', password: 'penstock-demo', name: 'Ada Lovell' };
const FEEDBACK = 'Can the <b>pump</b> tags in the viewer be shown larger?';
const ANSWER = 'Yes: the tag size is under Settings in the viewer toolbar.';

describe('feedback in Chromium', () => {
  let server: RunningPenstock;
  let browser: Awaited<ReturnType<typeof launchBrowser>>;
  let page: Page;

  const signOut = async (name: string) => {
    await page.getByRole('button', { name, exact: true }).click();
    await page.getByRole('button', { name: 'Sign out' }).click();
    await page.waitForURL(/\/auth\/signed-out$/);
  };
  const faqQuestion = () => page.locator('.feedback-faq .accordion-button', { hasText: FEEDBACK }).first();

  beforeAll(async () => {
    server = await startPenstock();
    browser = await launchBrowser();
    page = browser.page;
  });
  afterAll(async () => {
    await browser?.close();
    await server?.stop();
  });

  it('asks a signed-out visitor to log in', async () => {
    await page.goto(`${server.url}/feedback`);
    await page.getByRole('heading', { level: 1, name: 'Feedback' }).waitFor();
    const prompt = page.locator('.feedback-login');
    expect(await prompt.textContent()).toBe('Please login HERE to provide feedback');
    expect(await prompt.getByRole('link', { name: 'HERE' }).getAttribute('href')).toBe('/');
    expect(await page.getByRole('button', { name: 'Submit' }).count()).toBe(0);
    await screenshot(page, 'feedback-signed-out');
    await expectNoSeriousA11yViolations(page, 'feedback-signed-out');
  });

  it('a user submits feedback and sees the FAQ, without the review table', async () => {
    await signIn(page, server.url, ENGINEER.email, ENGINEER.password);
    await page.getByRole('link', { name: 'Feedback', exact: true }).click();
    await page.waitForURL(/\/feedback$/);
    // the demo's answered question
    await page.locator('.feedback-faq .accordion-item').first().waitFor();

    await page.getByRole('button', { name: 'Submit' }).click();
    await page.getByText('Please select a feature and ensure you have added some feedback').waitFor();
    await page.getByLabel('Feature', { exact: true }).selectOption('Project Viewer');
    await page.getByLabel('Feedback', { exact: true }).fill(FEEDBACK);
    await page.getByRole('button', { name: 'Submit' }).click();
    await page.getByText('Feedback submitted').waitFor();
    expect(await page.getByLabel('Feedback', { exact: true }).inputValue()).toBe('');
    expect(await page.getByRole('heading', { name: 'Review Feedback' }).count()).toBe(0);
    await signOut(ENGINEER.name);
  });

  it('a reviewer answers it and flags it as FAQ; it shows in the FAQ, as text', async () => {
    await signIn(page, server.url, REVIEWER.email, REVIEWER.password);
    await page.goto(`${server.url}/feedback`);
    const table = page.getByRole('table', { name: 'Review Feedback' });
    const row = table.locator('tr', { hasText: FEEDBACK });
    await row.waitFor();
    expect(await row.textContent()).toContain(ENGINEER.name);
    expect(await faqQuestion().count()).toBe(0);

    await row.getByRole('textbox').fill(ANSWER);
    await row.getByRole('checkbox', { name: /^FAQ/ }).check();
    await page.getByRole('button', { name: 'Save', exact: true }).click();
    await page.getByText('Data Saved').waitFor();

    await faqQuestion().waitFor();
    await faqQuestion().click();
    await page.locator('.feedback-faq .accordion-body', { hasText: ANSWER }).waitFor({ state: 'visible' });
    // what was typed is shown as text, never as markup
    expect(await page.locator('.feedback-faq b, .feedback-review b').count()).toBe(0);
    // the whole page: the form, the FAQ with the answer open and the review table below
    await page.setViewportSize({ width: 1440, height: 1250 });
    await page.getByRole('heading', { level: 1, name: 'Feedback' }).scrollIntoViewIfNeeded();
    await screenshot(page, 'feedback-review');
    await expectNoSeriousA11yViolations(page, 'feedback-review');
    await page.setViewportSize({ width: 1440, height: 900 });
    await signOut(REVIEWER.name);
  });

  it('the user who asked sees the answer in the FAQ', async () => {
    await signIn(page, server.url, ENGINEER.email, ENGINEER.password);
    await page.goto(`${server.url}/feedback`);
    await faqQuestion().click();
    await page.locator('.feedback-faq .accordion-body', { hasText: ANSWER }).waitFor({ state: 'visible' });
  });
});
