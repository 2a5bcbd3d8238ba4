import { CHAT_SUBJECT_KINDS, PARTICIPANT_ROLES, SYSTEM_EVENTS } from '@nbr/domain/chats';
import { TRANSFER_ACTIONS, TRANSFER_STATUSES } from '@nbr/domain/ownership';
import { describe, expect, it } from 'vitest';
import {
  completenessProblems,
  hasText,
  COMPLETE_LANGUAGES as LANGUAGES,
  localeTree,
  lookup,
  missingLiteralKeys,
} from '../../test/locale-tree.ts';

/*
 * The texts of the chat screens: complete in da, en and no with the same placeholders, a text for
 * every system event, role, subject and offer state the API answers, and every literal key present.
 */

const sources = import.meta.glob<string>('./**/*.{ts,tsx}', {
  eager: true,
  query: '?raw',
  import: 'default',
});

const has = (language: string, key: string) => hasText(language, 'chats', key);

describe('chats.json', () => {
  it('has the same keys, placeholders and no empty text in da, en and no', () => {
    expect(completenessProblems('chats')).toEqual([]);
  });

  it('names every value of the chat contract', () => {
    const groups: [string, readonly string[]][] = [
      ['system', SYSTEM_EVENTS],
      ['roles', PARTICIPANT_ROLES],
      ['withRoles', PARTICIPANT_ROLES],
      ['subjects', CHAT_SUBJECT_KINDS],
      ['offer.status', TRANSFER_STATUSES],
      ['offer', TRANSFER_ACTIONS],
      ['offer', TRANSFER_ACTIONS.map((action) => `${action}Title`)],
      ['offer', TRANSFER_ACTIONS.map((action) => `${action}Body`)],
      ['offer', TRANSFER_ACTIONS.map((action) => `${action}Confirm`)],
      ['offer.done', ['accepted', 'rejected', 'cancelled']],
    ];
    for (const language of LANGUAGES) {
      for (const [group, values] of groups) {
        for (const value of values)
          expect(has(language, `${group}.${value}`), `${language}:${group}.${value}`).toBe(true);
      }
      expect(hasText(language, 'common', 'nav.unreadMessages'), language).toBe(true);
    }
  });

  it('keeps the texts the brief fixes in Danish', () => {
    const da = localeTree('da', 'chats');
    expect(lookup(da, 'chat.older')).toBe('Vis ældre');
    expect(lookup(da, 'roles.owner')).toBe('Ejeren af cyklen');
    expect(lookup(da, 'offer.preview')).toBe('Tilbud om overdragelse');
  });

  it('holds every literal key the screens ask for', () => {
    const { missing, checked } = missingLiteralKeys(sources, 'chats');
    expect(missing).toEqual([]);
    expect(checked).toBeGreaterThan(30);
  });
});
