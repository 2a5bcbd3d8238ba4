import { WEBHOOK_DELIVERY_STATUSES, WEBHOOK_ERROR_KINDS, WEBHOOK_EVENT_TYPES } from '@nbr/domain/checks';
import { ORGANISATION_ROLES, ORGANISATION_TYPES } from '@nbr/domain/organisations';
import { describe, expect, it } from 'vitest';
import {
  completenessProblems,
  COMPLETE_LANGUAGES as LANGUAGES,
  localeTree,
  lookup,
  missingLiteralKeys,
} from '../../test/locale-tree.ts';

/*
 * The texts of the organisation screens: complete in da, en and no with the same placeholders,
 * every literal key the screens ask for present, and a name for every type and role the API answers.
 */

const sources = import.meta.glob<string>('./**/*.{ts,tsx}', {
  eager: true,
  query: '?raw',
  import: 'default',
});

const tree = (language: string, namespace = 'organisations') => localeTree(language, namespace);

describe('organisations.json', () => {
  it('has the same keys, placeholders and no empty text in da, en and no', () => {
    expect(completenessProblems('organisations')).toEqual([]);
  });

  it('names every organisation type and role, and both registers', () => {
    for (const language of LANGUAGES) {
      for (const type of ORGANISATION_TYPES) expect(lookup(tree(language), `types.${type}`)).toBeTruthy();
      for (const role of ORGANISATION_ROLES) {
        expect(lookup(tree(language), `roles.${role}`)).toBeTruthy();
        expect(lookup(tree(language), `roleDescriptions.${role}`)).toBeTruthy();
      }
    }
    expect(lookup(tree('da'), 'create.registrationNumber.dk')).toBe('CVR-nummer');
    expect(lookup(tree('no'), 'create.registrationNumber.no')).toBe('Organisasjonsnummer');
  });

  it('names every webhook event type, delivery status and error kind the API answers', () => {
    for (const language of LANGUAGES) {
      for (const type of WEBHOOK_EVENT_TYPES) {
        // i18next reads a dot as a path: the screen asks for the type with `_` for its dot.
        expect(lookup(tree(language), `webhook.types.${type.replaceAll('.', '_')}`)).toBeTruthy();
      }
      for (const status of WEBHOOK_DELIVERY_STATUSES) {
        expect(lookup(tree(language), `webhook.statuses.${status}`)).toBeTruthy();
      }
      for (const kind of WEBHOOK_ERROR_KINDS)
        expect(lookup(tree(language), `webhook.errors.${kind}`)).toBeTruthy();
    }
  });

  it('holds every literal key the screens ask for', () => {
    const { missing, checked } = missingLiteralKeys(sources, 'organisations');
    expect(missing).toEqual([]);
    expect(checked).toBeGreaterThan(40);
  });
});
