import { AUDIT_ACTIONS } from '@nbr/domain/backoffice';
import i18next from 'i18next';
import { describe, expect, it } from 'vitest';
import { COMPLETE_LANGUAGES, localeTree } from '../../test/locale-tree.ts';
import { auditActionLabel } from './audit-action-label.ts';

/*
 * The audit trail names every action the API records (AUDIT_ACTIONS) in da, en and no; an action
 * the texts do not know shows as recorded, never as a missing key.
 */

async function labelsIn(language: string): Promise<(action: string) => string> {
  const i18n = i18next.createInstance();
  await i18n.init({
    lng: language,
    resources: { [language]: { backoffice: localeTree(language, 'backoffice') } },
    defaultNS: 'backoffice',
    interpolation: { escapeValue: false },
  });
  return (action) => auditActionLabel(action, i18n.t);
}

describe('auditActionLabel', () => {
  it.each([...COMPLETE_LANGUAGES])('names every recorded action in %s', async (language) => {
    const label = await labelsIn(language);
    const unnamed = AUDIT_ACTIONS.filter((action) => {
      const text = label(action);
      return text === action || text.trim() === '';
    });
    expect(unnamed).toEqual([]);
  });

  it('shows an action the texts do not know by its recorded name', async () => {
    const label = await labelsIn('en');
    expect(label('backoffice.person_viewed')).toBe('Staff opened the person’s page');
    expect(label('backoffice.something_new')).toBe('backoffice.something_new');
    expect(label('switch_user')).toBe('switch_user');
    expect(label('switch_user.start.extra')).toBe('switch_user.start.extra');
  });
});
