import { cleanup, render, screen } from '@testing-library/react';
import i18next from 'i18next';
import { useForm } from 'react-hook-form';
import { initReactI18next } from 'react-i18next';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { setRegion } from '../../../lib/region.ts';
import { EMPTY_DRAFT } from '../../../test/theft-draft.ts';
import { draftToFormValues, type TheftFormValues } from '../lib/theft-form.ts';
import { PersonalInfoFields } from './step-fields.tsx';

/* Issue 14.3f: the theft report's address of a Norwegian reporter has bolignummer, not floor and side. */

type Tree = { [key: string]: string | Tree };
const locales = import.meta.glob<Tree>('../../../locales/no/*.json', { eager: true, import: 'default' });
const theft = locales['../../../locales/no/theft.json']!;
const fields = theft.fields as Record<string, string>;

beforeAll(async () => {
  await i18next.use(initReactI18next).init({
    lng: 'no',
    resources: { no: { common: locales['../../../locales/no/common.json']!, theft } },
    defaultNS: 'common',
    interpolation: { escapeValue: false },
  });
});
afterEach(cleanup);

function Fields() {
  const values = draftToFormValues(EMPTY_DRAFT);
  const form = useForm<TheftFormValues>({ defaultValues: values });
  return <PersonalInfoFields control={form.control} values={values} draft={EMPTY_DRAFT} currency="NOK" />;
}

describe('the theft report address', () => {
  it('asks a reporter in Norway for bolignummer', () => {
    setRegion('no');
    render(<Fields />);
    expect(screen.getByRole('textbox', { name: new RegExp(`^${fields.unitNumber}`) })).toBeTruthy();
    expect(screen.queryByRole('textbox', { name: new RegExp(`^${fields.floor}`) })).toBeNull();
  });

  it('keeps floor, side and door in Denmark', () => {
    setRegion('dk');
    render(<Fields />);
    expect(screen.getByRole('textbox', { name: new RegExp(`^${fields.floor}`) })).toBeTruthy();
    expect(screen.queryByRole('textbox', { name: new RegExp(`^${fields.unitNumber}`) })).toBeNull();
  });
});
