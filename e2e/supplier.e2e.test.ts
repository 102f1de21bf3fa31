import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { generateSitePhotoPng } from '@penstock/plantgen';
import { launchBrowser, screenshot } from './support/browser.ts';
import { expectNoSeriousA11yViolations } from './support/a11y.ts';
import { signIn } from './support/journeys.ts';
import { startPenstock, type RunningPenstock } from './support/server.ts';

const MANAGER = { email: 'admin@penstock.demo', password: 'penstock-demo' };
const COMPANY = 'Kennet Odour Control Design Ltd';
const DEMO_SUPPLIER = 'Severn Valley Process Design Ltd';
const SUCCESS =
  'Thank you your form has been submitted. We will now process your application and will contact you in due course';

type Browser = Awaited<ReturnType<typeof launchBrowser>>;

describe('the Supplier Zone in Chromium', () => {
  let server: RunningPenstock;
  const browsers: Browser[] = [];
  const dialogs: string[] = [];

  const newPage = async (): Promise<Page> => {
    const browser = await launchBrowser();
    browsers.push(browser);
    browser.page.on('dialog', (dialog) => {
      dialogs.push(dialog.message());
      void dialog.accept();
    });
    return browser.page;
  };
  const group = (page: Page, question: RegExp) => page.getByRole('group', { name: question });

  beforeAll(async () => {
    server = await startPenstock();
  });
  afterAll(async () => {
    for (const browser of browsers) await browser.close();
    await server?.stop();
  });

  it('a signed-out supplier submits the competency form with a logo', async () => {
    const page = await newPage();
    await page.goto(`${server.url}/supplier`);
    await page.getByRole('heading', { level: 1, name: 'NEW Design Competency Apps' }).waitFor();
    // the cards lead to the demo project's documents, not to dead links
    const procedure = page.getByRole('link', { name: 'Document control procedure' });
    expect(await procedure.getAttribute('href')).toMatch(/^\/api\/items\/i\.[0-9a-f-]+\/content$/);
    await page.getByRole('link', { name: 'design.competency@penstock.demo' }).waitFor();
    await screenshot(page, '79-supplier-zone');
    await expectNoSeriousA11yViolations(page, '79-supplier-zone');

    await page.getByRole('button', { name: 'Open the Design Competency Form' }).click();
    const form = page.getByRole('form', { name: 'Design Competency Form' });
    await form.waitFor();
    await form.getByText('Please do not give personal email addresses').waitFor();
    // nothing answered: the spec's messages
    await page.getByRole('button', { name: 'Submit' }).click();
    await expect.poll(() => form.getByText('Please enter an answer in this field').count()).toBe(6);
    await expect.poll(() => form.getByText('Please select either "Yes" or "No"').count()).toBe(4);

    await form.getByLabel(/^Company name/).fill(COMPANY);
    await form.getByLabel(/^Company registration number/).fill('09876543');
    await form.getByLabel(/^Company address/).fill('3 Wharf Street\nNewbury RG14 5AP');
    await form.getByLabel(/^Company phone number/).fill('01635 555 0100');
    await form.getByLabel(/^Company email address/).fill('design@kennet-odour.example');
    await group(page, /trade, or has it traded/)
      .getByLabel('No')
      .check();
    await form.getByLabel(/^Company logo/).setInputFiles({
      name: 'Kennet logo.png',
      mimeType: 'image/png',
      buffer: generateSitePhotoPng(7),
    });
    await form.getByRole('img', { name: 'Chosen logo' }).waitFor();
    await screenshot(page, '81-supplier-form');
    await expectNoSeriousA11yViolations(page, '81-supplier-form');
    await group(page, /mechanical systems are you/)
      .getByLabel('Odour control')
      .check();
    await group(page, /mechanical systems are you/)
      .getByLabel('Other')
      .check();
    await form.getByLabel(/^Other mechanical systems/).fill('Biofilters for sludge cake stores');
    await group(page, /documented design procedure/)
      .getByLabel('Yes')
      .check();
    await group(page, /does your design procedure cover/)
      .getByLabel('Design change control')
      .check();
    await group(page, /proven track record/)
      .getByLabel('Yes')
      .check();
    await form.getByLabel(/^Track-record documents/).setInputFiles({
      name: 'Case study.pdf',
      mimeType: 'application/pdf',
      buffer: Buffer.from('%PDF-1.4\n%%EOF\n'),
    });
    await form.getByRole('list', { name: 'Chosen documents' }).getByText('Case study.pdf').waitFor();
    await form.getByLabel(/^Supported by/).fill('Penstock Alliance MEICA partner');
    await group(page, /professional indemnity/)
      .getByLabel('Yes')
      .check();
    await form.getByLabel(/^Your name/).fill('Priya Shah');

    await page.getByRole('button', { name: 'Submit' }).click();
    await page.getByRole('button', { name: 'Submitting...' }).waitFor();
    await expect.poll(() => dialogs.at(-1), { timeout: 15_000 }).toBe(SUCCESS);
    await form.waitFor({ state: 'detached' });
    expect(new URL(page.url()).pathname).toBe('/supplier');

    // not in the register before it is approved
    await page.getByRole('button', { name: 'Open the Design Competency Register' }).click();
    await page.getByRole('article', { name: DEMO_SUPPLIER }).waitFor();
    expect(await page.getByRole('article', { name: COMPANY }).count()).toBe(0);
  });

  it('the supplier register manager signs in and approves it', async () => {
    const page = await newPage();
    await signIn(page, server.url, MANAGER.email, MANAGER.password);
    await page.goto(`${server.url}/supplier`);
    await page.getByRole('link', { name: 'Review submissions' }).click();
    await page.getByRole('heading', { level: 1, name: 'Design competency submissions' }).waitFor();
    await page.getByRole('button', { name: COMPANY }).click();
    const submission = page.getByRole('article', { name: `Submission of ${COMPANY}` });
    await submission.getByText('Biofilters for sludge cake stores').waitFor();
    await submission.getByRole('link', { name: /Case study\.pdf/ }).waitFor();
    await expect
      .poll(() => submission.getByRole('img').evaluate((img: HTMLImageElement) => img.naturalWidth))
      .toBeGreaterThan(0);
    await screenshot(page, '82-supplier-review');
    await expectNoSeriousA11yViolations(page, '82-supplier-review');
    await submission.getByLabel('Date of last design review').fill('2026-11-20');
    await submission.getByLabel(/^Review note/).fill('References checked with two water companies.');
    await submission.getByRole('button', { name: 'Approve' }).click();
    await submission.getByText('Approved: the supplier is now listed on the register.').waitFor();
    expect(await submission.getByTestId('sdc-review-status').textContent()).toBe('Approved');
  });

  it('shows in the register with its logo, and the filters find it', async () => {
    const page = await newPage();
    await page.goto(`${server.url}/supplier`);
    await page.getByRole('button', { name: 'Open the Design Competency Register' }).click();
    const card = page.getByRole('article', { name: COMPANY });
    await card.waitFor();
    const logo = card.getByRole('img', { name: `${COMPANY} logo` });
    expect(await logo.getAttribute('src')).toMatch(/^\/logos\/[0-9a-f]{8}-Kennetlogo\.png$/);
    await expect.poll(() => logo.evaluate((img: HTMLImageElement) => img.naturalWidth)).toBeGreaterThan(0);
    await card.getByText('Other: Biofilters for sludge cake stores').waitFor();
    await card.getByText('2026-11-20').waitFor();
    await card.getByText('Priya Shah').waitFor();

    const cards = page.getByRole('list', { name: 'Suppliers' }).getByRole('article');
    await expect.poll(() => cards.count()).toBe(2);
    await screenshot(page, '80-supplier-register');
    await expectNoSeriousA11yViolations(page, '80-supplier-register');
    await page.getByLabel('Mechanical systems').click();
    await page.keyboard.type('Odour control');
    await page.keyboard.press('Enter');
    await expect.poll(() => cards.count()).toBe(1);
    await card.waitFor();
    await screenshot(page, '83-supplier-register-filtered');

    await page.getByLabel('Supplier', { exact: true }).click();
    await page.keyboard.type('Severn');
    await page.keyboard.press('Enter');
    await page.getByText('Found no results matching selected filters').waitFor();
    await page.getByRole('button', { name: 'Reset Filters' }).click();
    await expect.poll(() => cards.count()).toBe(2);
  });
});
