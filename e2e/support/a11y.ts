import fs from 'node:fs';
import { createRequire } from 'node:module';
import type { Page } from 'playwright-core';

const require = createRequire(import.meta.url);
/** axe-core's browser bundle, read once and injected into each page that is checked (no network: offline machine). */
let axeSource: string | null = null;

/** WCAG 2.2 AA: axe's rules for A and AA of 2.0, 2.1 and 2.2 (issue 31 item 17). */
const WCAG_22_AA = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa'];

export interface A11yViolation {
  id: string;
  impact: string | null;
  help: string;
  targets: string[];
}

/** Runs axe-core's WCAG 2.2 AA rules on the page as it is now and returns the serious and critical violations. */
export async function seriousA11yViolations(page: Page): Promise<A11yViolation[]> {
  axeSource ??= fs.readFileSync(require.resolve('axe-core/axe.min.js'), 'utf8');
  const loaded = await page.evaluate(() => typeof (window as { axe?: unknown }).axe !== 'undefined');
  // evaluated through the DevTools protocol: the app's Content-Security-Policy (script-src 'self') blocks an
  // inline <script> (page.addScriptTag), and the tests should check the app with its real headers on
  if (!loaded) await page.evaluate(axeSource);
  // CSS transitions (a button turning blue as its panel opens) are finished first: axe judges the settled
  // colours, not a frame between two of them
  await page.evaluate(() => {
    for (const animation of document.getAnimations()) {
      try {
        animation.finish();
      } catch {
        // an endless animation (a spinner) cannot be finished: it is left running
      }
    }
  });
  return page.evaluate(async (tags) => {
    type AxeNode = { target: unknown[]; any: { data?: unknown }[] };
    type AxeResult = { id: string; impact: string | null; help: string; nodes: AxeNode[] };
    const axe = (
      window as unknown as { axe: { run(ctx: Document, opts: object): Promise<{ violations: AxeResult[] }> } }
    ).axe;
    const result = await axe.run(document, { runOnly: { type: 'tag', values: tags } });
    return result.violations
      .filter((v) => v.impact === 'serious' || v.impact === 'critical')
      .map((v) => ({
        id: v.id,
        impact: v.impact,
        help: v.help,
        targets: v.nodes.map((n) => {
          const data = n.any[0]?.data as
            { fgColor?: string; bgColor?: string; contrastRatio?: number } | undefined;
          const colours = data?.fgColor ? ` (${data.fgColor} on ${data.bgColor}: ${data.contrastRatio})` : '';
          return n.target.map(String).join(' ') + colours;
        }),
      }));
  }, WCAG_22_AA);
}

/**
 * Fails when the page has a serious or critical WCAG 2.2 AA violation, listing each rule's id, impact and
 * its first targets, so the failure says where to look.
 */
export async function expectNoSeriousA11yViolations(page: Page, name: string): Promise<void> {
  const violations = await seriousA11yViolations(page);
  if (violations.length === 0) return;
  const lines = violations.map(
    (v) =>
      `  ${v.id} (${v.impact}, ${v.targets.length} element${v.targets.length === 1 ? '' : 's'}): ${v.help}\n` +
      v.targets
        .slice(0, 5)
        .map((t) => `      ${t}`)
        .join('\n'),
  );
  throw new Error(
    `Accessibility (axe, WCAG 2.2 AA) on ${name}: ${violations.length} serious/critical rule(s)\n${lines.join('\n')}`,
  );
}
