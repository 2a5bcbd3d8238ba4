import { describe, expect, it } from 'vitest';

/*
 * WCAG 2.5.3 label in name (issue 14.3d): a control whose accessible name (aria-label) adds
 * context to its visible text must still start with that text, so "click Switch to this user"
 * works for a speech user. These are the controls of the app that have both; each pair is
 * [namespace, visible text key, aria-label key].
 */
const PAIRS = [
  ['common', 'form.showPassword', 'form.showPasswordLabel'],
  ['common', 'form.hidePassword', 'form.hidePasswordLabel'],
  ['ownership', 'request.choose', 'request.chooseLabel'],
  ['ownership', 'transfer.chooseBike', 'transfer.chooseBikeLabel'],
  ['ownership', 'transfer.addMissing.missingFrameNumber', 'transfer.addMissingLabel.missingFrameNumber'],
  ['ownership', 'transfer.addMissing.missingPlate', 'transfer.addMissingLabel.missingPlate'],
  ['ownership', 'transfer.addMissing.missingBoth', 'transfer.addMissingLabel.missingBoth'],
  ['ownership', 'verify.actions.start', 'verify.actionsLabel.start'],
  ['ownership', 'verify.actions.continue', 'verify.actionsLabel.continue'],
  ['ownership', 'verify.actions.correct', 'verify.actionsLabel.correct'],
  ['backoffice', 'identities.switch', 'identities.switchLabel'],
  ['organisations', 'members.remove', 'members.removeLabel'],
  ['organisations', 'members.revoke', 'members.revokeLabel'],
  ['docks', 'organisationSearch.add', 'organisationSearch.addLabel'],
] as const;

type Tree = { [key: string]: string | Tree };
const FILES = import.meta.glob<Tree>('./*/*.json', { eager: true, import: 'default' });

function lookup(language: string, namespace: string, key: string): string {
  let at: string | Tree | undefined = FILES[`./${language}/${namespace}.json`];
  for (const part of key.split('.')) at = at && typeof at === 'object' ? at[part] : undefined;
  if (typeof at !== 'string') throw new Error(`no ${language}/${namespace}.json ${key}`);
  return at;
}

describe('accessible names start with the visible text (label in name)', () => {
  for (const language of ['da', 'en', 'no']) {
    it(language, () => {
      const mismatches = PAIRS.flatMap(([namespace, visibleKey, labelKey]) => {
        const visible = lookup(language, namespace, visibleKey);
        const label = lookup(language, namespace, labelKey);
        return label.toLowerCase().startsWith(visible.toLowerCase())
          ? []
          : [`${labelKey}: "${label}" ≠ "${visible}…"`];
      });
      expect(mismatches).toEqual([]);
    });
  }
});
