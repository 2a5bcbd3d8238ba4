import AxeBuilder from '@axe-core/playwright';
import { expect, type Page, test } from '@playwright/test';

/** WCAG 2.1 level A and AA, the bar ARCHITECTURE §6 sets for every screen. */
const WCAG_21_AA_TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'];

/*
 * Nothing is left out by default. react-aria's live announcer used to be: a pending button announced
 * itself by aria-labelledby from it, and once a save had moved on to the next page the region pointed
 * at a button that no longer existed (role-img-alt). ui/button.tsx now does pending without that
 * announcement, so the pages that follow a pending button (the newsletter question after sign-up,
 * the app after the newsletter answer, a bike after saving) are checked as they are.
 */
const ALWAYS_EXCLUDED: string[] = [];

type AxeResults = Awaited<ReturnType<AxeBuilder['analyze']>>;
type Violation = AxeResults['violations'][number];

export interface A11yOptions {
  /** CSS selectors to leave out, e.g. a third-party widget the page does not control. */
  exclude?: string[];
  /** axe rule ids to switch off, each with a reason in the calling test. */
  disableRules?: string[];
  /**
   * Also the best-practice rules of the structure (heading-order: no skipped heading levels;
   * landmark-unique: no two landmarks of one role and name), for pages that have been mended.
   */
  structure?: boolean;
}

/** Moderate best-practice rules outside WCAG's tags that a screen-reader user still meets. */
const STRUCTURE_RULES = ['heading-order', 'landmark-unique'];

function describe(violations: Violation[]): string {
  return violations
    .map((violation) => {
      const nodes = violation.nodes
        .map((node) => {
          const summary = (node.failureSummary ?? '').replace(/\n\s*/g, '\n        ');
          return `    at ${node.target.join(' ')}\n      ${node.html.slice(0, 200)}\n        ${summary}`;
        })
        .join('\n');
      return `  [${violation.impact ?? 'unknown'}] ${violation.id}: ${violation.help}\n    ${violation.helpUrl}\n${nodes}`;
    })
    .join('\n\n');
}

/**
 * Runs axe on the page as it is now and fails with a readable list of every WCAG 2.1 A/AA
 * violation (rule, element, what to fix). Call it once the page has rendered its content.
 */
export async function expectNoA11yViolations(page: Page, options: A11yOptions = {}): Promise<void> {
  // One run: the WCAG tags, plus the structure rules when asked (axe adds rules enabled by name to a
  // tag run), and only the violations' details (the passes' details are most of axe's work on a
  // long page: measured 2,824 ms for a text page with them, 2,590 ms without, on a busy machine).
  const rules: Record<string, { enabled: boolean }> = {};
  if (options.structure) for (const rule of STRUCTURE_RULES) rules[rule] = { enabled: true };
  for (const rule of options.disableRules ?? []) rules[rule] = { enabled: false };
  let builder = new AxeBuilder({ page }).options({
    runOnly: { type: 'tag', values: WCAG_21_AA_TAGS },
    rules,
    resultTypes: ['violations'],
  });
  for (const selector of [...ALWAYS_EXCLUDED, ...(options.exclude ?? [])])
    builder = builder.exclude(selector);
  const { violations } = await builder.analyze();
  if (violations.length > 0) {
    await test.info().attach(`axe violations on ${new URL(page.url()).pathname}`, {
      body: JSON.stringify(violations, null, 2),
      contentType: 'application/json',
    });
  }
  expect(
    violations.length,
    `axe found ${violations.length} accessibility violation(s) on ${page.url()}:\n${describe(violations)}\n`,
  ).toBe(0);
}
