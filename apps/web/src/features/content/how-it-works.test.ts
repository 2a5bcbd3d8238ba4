import { describe, expect, it } from 'vitest';

/*
 * Issue 14.3b: /hvordan tells people which buttons to press, so it must name the buttons the app
 * shows, in each language, and promise nothing the app does not do. Issue 15: it tells how a
 * registration is bought, paid, redeemed and cancelled, by the shop's own labels.
 * If a label below changes, the guide has to change with it.
 */

type Tree = { [key: string]: string | Tree | Tree[] | string[] };
const FILES = import.meta.glob<Tree>('../../locales/*/*.json', { eager: true, import: 'default' });

function text(language: string, namespace: string, key: string): string {
  let at: unknown = FILES[`../../locales/${language}/${namespace}.json`];
  for (const part of key.split('.')) at = at && typeof at === 'object' ? (at as Tree)[part] : undefined;
  if (typeof at !== 'string') throw new Error(`no ${language}/${namespace}.json ${key}`);
  return at;
}

function guide(language: string): string {
  const page = (FILES[`../../locales/${language}/content.json`] as Tree).howItWorks as {
    steps: { paragraphs?: string[] }[];
  };
  return page.steps.flatMap((step) => step.paragraphs ?? []).join('\n');
}

const PROVIDER = { da: 'MitID', en: 'MitID', no: 'BankID' } as const;

describe('/hvordan names what the app shows', () => {
  for (const language of ['da', 'en', 'no'] as const) {
    it(language, () => {
      const words = guide(language);
      const labels = [
        text(language, 'common', 'nav.registerBike'),
        text(language, 'common', 'nav.ownershipTransfer'),
        text(language, 'ownership', 'portal.giveAction'),
        text(language, 'bikes', 'register.more').replace(/\s*\(.*\)$/, ''),
        text(language, 'bikes', 'detail.tabs.documents'),
        text(language, 'bikes', 'detail.stolenReportLink'),
        text(language, 'theft', 'found.action').replace('{{provider}}', PROVIDER[language]),
        text(language, 'common', 'nav.webshop'),
        text(language, 'common', 'nav.orders'),
        text(language, 'bikes', 'credits.buy'),
        text(language, 'bikes', 'credits.redeem'),
        text(language, 'webshop', 'bikeCard.buyPlates'),
        text(language, 'webshop', 'bikeCard.subscription'),
        text(language, 'webshop', 'status.cancel'),
        text(language, 'theft', 'bikeCard.report'),
      ];
      expect(labels.filter((label) => !words.includes(label))).toEqual([]);
      // The shop's promises: delivery time of plates, the right of withdrawal.
      expect(words).toMatch(/7–10/);
      expect(words).toMatch(/14/);
    });
  }
});

/** The accessibility statement's texts, joined. */
function statement(language: string): string {
  const page = (FILES[`../../locales/${language}/content.json`] as Tree).accessibility as {
    sections: { paragraphs?: string[]; items?: string[] }[];
  };
  return page.sections
    .flatMap((section) => [...(section.paragraphs ?? []), ...(section.items ?? [])])
    .join('\n');
}

describe('the accessibility statement names what the app shows', () => {
  for (const language of ['da', 'en', 'no'] as const) {
    it(language, () => {
      const words = statement(language);
      // The stolen-bike map's way to a list: the link "Liste" (its group's name "Vis som" is not shown).
      const list = text(language, 'stolen-map', 'view.list');
      const listLabel = text(language, 'stolen-map', 'view.label');
      expect(words).toMatch(new RegExp(`\\b${list}\\b`));
      expect(words).not.toContain(`${listLabel} ${list}`);
    });
  }
});
