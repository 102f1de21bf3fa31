import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { chromium, type BrowserContext, type Page } from 'playwright-core';

/** Chromium's flags on this offline machine (stack guide): headless, and no background network traffic. */
export const CHROMIUM_ARGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
] as const;

export const screenshotDir = path.resolve(import.meta.dirname, '../screenshots');

/** Debian's Chromium, headless, with the flags this offline machine needs (see the stack guide). */
export async function launchBrowser(): Promise<{
  context: BrowserContext;
  page: Page;
  close(): Promise<void>;
}> {
  const profile = fs.mkdtempSync(path.join(os.tmpdir(), 'penstock-chromium-'));
  const context = await chromium.launchPersistentContext(profile, {
    executablePath: process.env.PENSTOCK_CHROMIUM ?? '/usr/bin/chromium',
    viewport: { width: 1440, height: 900 },
    args: [...CHROMIUM_ARGS],
  });
  const page = context.pages()[0] ?? (await context.newPage());
  return {
    context,
    page,
    close: async () => {
      await context.close();
      fs.rmSync(profile, { recursive: true, force: true });
    },
  };
}

export async function screenshot(page: Page, name: string): Promise<string> {
  fs.mkdirSync(screenshotDir, { recursive: true });
  const file = path.join(screenshotDir, `${name}.png`);
  // CSS transitions (a modal fading in) are finished first, so the picture shows the settled screen
  await page.screenshot({ path: file, fullPage: false, animations: 'disabled' });
  return file;
}
