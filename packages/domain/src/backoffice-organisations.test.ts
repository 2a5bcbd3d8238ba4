import { describe, expect, it } from 'vitest';
import {
  BackofficeOrganisationFormSchema,
  BackofficeOrganisationUpdateSchema,
} from './backoffice-organisations.ts';

const typed = { latitude: '', longitude: '' };

function problems(result: {
  success: boolean;
  error?: { issues: { path: PropertyKey[]; message: string }[] };
}) {
  return result.error?.issues.map((issue) => [issue.path.join('.'), issue.message]) ?? [];
}

describe('BackofficeOrganisationFormSchema', () => {
  it('reads coordinates as staff type them, with a point or a comma, and empty as none', () => {
    expect(BackofficeOrganisationFormSchema.parse({ latitude: ' 55,06 ', longitude: '15.13' })).toMatchObject(
      {
        latitude: 55.06,
        longitude: 15.13,
      },
    );
    expect(BackofficeOrganisationFormSchema.parse(typed)).toMatchObject({ latitude: null, longitude: null });
  });

  it('refuses what is no coordinate, one off the globe, and one without the other', () => {
    expect(problems(BackofficeOrganisationFormSchema.safeParse({ ...typed, latitude: 'north' }))).toEqual([
      ['latitude', 'invalid_value'],
    ]);
    expect(
      problems(BackofficeOrganisationFormSchema.safeParse({ latitude: '55', longitude: '181' })),
    ).toEqual([['longitude', 'invalid_value']]);
    expect(problems(BackofficeOrganisationFormSchema.safeParse({ ...typed, latitude: '55' }))).toEqual([
      ['longitude', 'invalid_value'],
    ]);
  });

  it('clears an emptied billing e-mail, as the other optional texts', () => {
    expect(BackofficeOrganisationFormSchema.parse({ ...typed, billing_email: '' })).toMatchObject({
      billing_email: null,
    });
  });
});

describe('BackofficeOrganisationUpdateSchema', () => {
  it('answers a coordinate off the globe with a validation code', () => {
    expect(problems(BackofficeOrganisationUpdateSchema.safeParse({ latitude: 91, longitude: 10 }))).toEqual([
      ['latitude', 'invalid_value'],
    ]);
  });
});
