import type { Page } from '@playwright/test';
import type { Language } from './support/accounts.ts';
import { signedInUser } from './support/accounts.ts';
import { expectNoA11yViolations } from './support/axe.ts';
import { expect, test } from './support/fixtures.ts';
import { HTML_LANG, LANGUAGES, text, texts } from './support/texts.ts';

/*
 * Every editorial page renders its real content in da, en and no, with one h1, the page landmarks
 * and no WCAG 2.1 AA violations: in Danish on a 360 px phone (@phone), in English and Norwegian on a
 * desktop.
 */

const PAGES = [
  { path: '/', key: 'home', heading: 'home.hero.heading', title: 'home.title' },
  { path: '/hvordan', key: 'howItWorks', heading: 'howItWorks.heading', title: 'howItWorks.title' },
  { path: '/our-mission', key: 'mission', heading: 'mission.heading', title: 'mission.title' },
  {
    path: '/advisory-board',
    key: 'advisoryBoard',
    heading: 'advisoryBoard.heading',
    title: 'advisoryBoard.title',
  },
  { path: '/privacy', key: 'privacy', heading: 'privacy.heading', title: 'privacy.title' },
  { path: '/terms', key: 'terms', heading: 'terms.heading', title: 'terms.title' },
  {
    path: '/accessibility',
    key: 'accessibility',
    heading: 'accessibility.heading',
    title: 'accessibility.title',
  },
] as const;

interface Section {
  id: string;
  heading?: string;
  title?: string;
}

/** The h2 headings a page must show: the home page's bands, or every section of a text page. */
function sectionHeadings(language: Language, key: string): string[] {
  if (key === 'home') {
    return ['features', 'steps', 'who', 'cta'].map((band) =>
      text(language, 'content', `home.${band}.heading`),
    );
  }
  const page = texts<Record<string, { sections?: Section[]; steps?: Section[] }>>(language, 'content')[key];
  return (page?.sections ?? page?.steps ?? []).map((section) => section.heading ?? section.title ?? '');
}

/**
 * Nothing sticks out of the viewport. Compared with the configured viewport width: a phone browser
 * widens its layout viewport to fit overflowing content, so innerWidth would hide the problem.
 */
async function expectNoHorizontalScroll(page: Page) {
  const width = page.viewportSize()?.width ?? 0;
  const { scrollWidth, culprits } = await page.evaluate((limit) => {
    const culprits = [...document.querySelectorAll('body *')]
      .filter((element) => element.getBoundingClientRect().right > limit + 1)
      .slice(0, 5)
      .map(
        (element) =>
          `${element.tagName.toLowerCase()}.${element.className} "${element.textContent?.slice(0, 40)}"`,
      );
    return { scrollWidth: document.documentElement.scrollWidth, culprits };
  }, width);
  expect(
    scrollWidth,
    `the page is wider than the ${width} px viewport; sticking out: ${culprits.join(', ')}`,
  ).toBeLessThanOrEqual(width);
}

for (const language of LANGUAGES) {
  test.describe(`content pages in ${language}`, () => {
    test.use({ language });

    for (const { path, key, heading, title } of PAGES) {
      // Danish at phone width, English and Norwegian on a desktop: each language once, both layouts.
      const phone = language === 'da' ? ' @phone' : '';
      test(`${path} shows its content and passes axe${phone}`, async ({ page }) => {
        await page.goto(path);
        const h1 = page.getByRole('heading', { level: 1 });
        await expect(h1).toHaveText(text(language, 'content', heading));
        await expect(h1).toHaveCount(1);
        await expect(page.locator('html')).toHaveAttribute('lang', HTML_LANG[language]);
        await expect(page).toHaveTitle(new RegExp(`^${escapeRegExp(text(language, 'content', title))}`));
        await expect(page.getByRole('main')).toHaveCount(1);
        await expect(page.getByRole('banner')).toHaveCount(1);
        await expect(page.getByRole('contentinfo')).toHaveCount(1);

        // Each section of the page is there, with its heading, in this language.
        for (const name of sectionHeadings(language, key)) {
          await expect(page.getByRole('heading', { level: 2, name })).toBeVisible();
        }

        await expectNoHorizontalScroll(page);
        await expectNoA11yViolations(page);
      });
    }
  });
}

test.describe('home page', () => {
  test('a visitor is offered sign-up, log-in and the guide, and each link works @phone', async ({ page }) => {
    await page.goto('/');
    const hero = page.locator('section', { has: page.getByRole('heading', { level: 1 }) });
    await hero.getByRole('link', { name: text('da', 'content', 'home.hero.howItWorks') }).click();
    await expect(page).toHaveURL(/\/hvordan$/);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(
      text('da', 'content', 'howItWorks.heading'),
    );

    await page.goto('/');
    await hero.getByRole('link', { name: text('da', 'content', 'home.hero.signup') }).click();
    await expect(page).toHaveURL(/\/signup$/);

    await page.goto('/');
    await hero.getByRole('link', { name: text('da', 'content', 'home.hero.login') }).click();
    await expect(page).toHaveURL(/\/login$/);
  });

  test('a signed-in user is offered the app instead of sign-up', async ({ page }) => {
    await signedInUser(page);
    await page.goto('/');
    const hero = page.locator('section', { has: page.getByRole('heading', { level: 1 }) });
    await expect(hero.getByRole('link', { name: text('da', 'content', 'home.hero.signup') })).toHaveCount(0);
    await hero.getByRole('link', { name: text('da', 'content', 'common.openApp') }).click();
    await expect(page).toHaveURL(/\/app$/);
  });

  test('?lang=en shows the page in English', async ({ page }) => {
    await page.goto('/?lang=en');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(
      text('en', 'content', 'home.hero.heading'),
    );
  });
});

test.describe('legal pages', () => {
  test('the privacy policy links to each of its sections from "On this page"', async ({ page }) => {
    await page.goto('/privacy');
    const toc = page.getByRole('navigation', { name: text('da', 'content', 'common.onThisPage') });
    const sections = texts<{ privacy: { sections: Section[] } }>('da', 'content').privacy.sections;
    await expect(toc.getByRole('link')).toHaveCount(sections.length);
    const rights = sections.find((section) => section.id === 'rights')!;
    await toc.getByRole('link', { name: rights.heading }).click();
    await expect(page).toHaveURL(/#privacy-rights$/);
    await expect(page.getByRole('heading', { level: 2, name: rights.heading })).toBeInViewport();
  });

  test('the privacy policy names both supervisory authorities and the 5-year bookkeeping rule', async ({
    page,
  }) => {
    for (const language of LANGUAGES) {
      await page.goto(`/privacy?lang=${language}`);
      const article = page.getByRole('article');
      await expect(article).toContainText('www.datatilsynet.dk');
      await expect(article).toContainText('www.datatilsynet.no');
      await expect(article).toContainText(/\b5\b/);
    }
  });
});

function escapeRegExp(value: string): string {
  return value.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}

test.describe('footer', () => {
  for (const language of ['da', 'no'] as const) {
    test.describe(language, () => {
      test.use({ language });
      test(`links the accessibility statement and gives contact details (${language})`, async ({ page }) => {
        await page.goto('/');
        const footer = page.getByRole('contentinfo');
        await expect(
          footer.getByText(text(language, 'common', 'footer.contactName'), { exact: true }),
        ).toBeVisible();
        const email = text(language, 'common', 'footer.contactEmail');
        await expect(footer.getByRole('link', { name: email })).toHaveAttribute('href', `mailto:${email}`);
        await footer.getByRole('link', { name: text(language, 'common', 'footer.accessibility') }).click();
        await expect(page).toHaveURL(/\/accessibility$/);
        await expect(page.getByRole('heading', { level: 1 })).toHaveText(
          text(language, 'content', 'accessibility.heading'),
        );
      });
    });
  }
});
