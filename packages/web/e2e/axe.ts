import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import type { Page } from 'playwright-core';

/*
 * axe-core's audit of a page as it stands, for browser tests of new screens (as a11y.test.ts audits
 * the others): the page's context needs `bypassCSP: true`, since axe comes in as an inline script.
 */

const AXE = readFileSync(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8');

interface Violation {
  readonly id: string;
  readonly impact: string | null;
  readonly help: string;
  readonly nodes: { readonly target: unknown[] }[];
}

/** axe-core's serious and critical violations on the page, one line each, named by `screen`. */
export async function seriousViolations(page: Page, screen: string): Promise<string[]> {
  // The screen settled first: no render pending, and no entrance animation half way (its colours
  // are not the screen's); the endless ones (the sand) are part of the screen.
  await page.waitForLoadState('load');
  await page.evaluate(async () => {
    await new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve)));
    const finite = document.getAnimations().filter((a) => a.effect?.getComputedTiming().iterations !== Infinity);
    await Promise.all(finite.map((a) => a.finished.catch(() => undefined)));
  });
  if (!(await page.evaluate(() => 'axe' in window))) await page.addScriptTag({ content: AXE });
  const violations = await page.evaluate(async () => {
    const axe = (window as unknown as { axe: { run: (context: Document, options: object) => Promise<unknown> } }).axe;
    const result = (await axe.run(document, { resultTypes: ['violations'] })) as { violations: unknown[] };
    return result.violations;
  });
  return (violations as Violation[])
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map(
      (v) =>
        `${screen}: ${v.id} (${v.impact ?? ''}) ${v.help}: ${v.nodes
          .slice(0, 4)
          .map((n) => n.target.join(' '))
          .join(', ')}${v.nodes.length > 4 ? ` and ${v.nodes.length - 4} more` : ''}`,
    );
}
