import type { IdentifierCheckResponse } from '@nbr/domain/bikes';
import { describe, expect, it } from 'vitest';
import {
  bothInvalid,
  frameNumberFeedback,
  frameNumberWarnings,
  plateFeedback,
  warningSignature,
} from './identifier-feedback.ts';

type FrameCheck = NonNullable<IdentifierCheckResponse['frame_number']>;
const frame = (overrides: Partial<FrameCheck> = {}): FrameCheck => ({
  kind: 'danish',
  warnings: [],
  candidate_years: [1985, 2006],
  manufacturer: null,
  status: 'valid',
  problem: null,
  ...overrides,
});

describe('frame number feedback', () => {
  it('says valid, already used (contact support) or the shape problem', () => {
    expect(frameNumberFeedback(frame())).toEqual({
      kind: 'valid',
      message: { key: 'bikes:identifiers.frameNumberValid' },
    });
    expect(frameNumberFeedback(frame({ status: 'already_used' }))).toEqual({
      kind: 'error',
      message: { key: 'common:validation.frame_number_in_use' },
    });
    expect(frameNumberFeedback(frame({ status: 'invalid', problem: 'identifier_too_short' }))).toEqual({
      kind: 'error',
      message: { key: 'common:validation.identifier_too_short' },
    });
    expect(frameNumberFeedback(frame({ status: 'invalid', problem: 'something_new' })).kind).toBe('error');
    expect(frameNumberFeedback(null)).toEqual({ kind: 'none' });
    expect(frameNumberFeedback(frame({ kind: 'missing' }))).toEqual({ kind: 'none' });
  });
});

/** The message of a feedback that has one. */
const messageOf = (feedback: ReturnType<typeof plateFeedback>) =>
  'message' in feedback ? feedback.message : null;

describe('plate feedback', () => {
  it('names the plate ID in its messages (SPEC §8)', () => {
    expect(plateFeedback({ status: 'valid', problem: null }, ' ac3479km ')).toEqual({
      kind: 'valid',
      message: { key: 'bikes:identifiers.plateValid', values: { plate_id: 'ac3479km' } },
    });
    expect(messageOf(plateFeedback({ status: 'already_used', problem: null }, 'AC3479KM'))).toEqual({
      key: 'common:validation.plate_id_in_use',
      values: { plate_id: 'AC3479KM' },
    });
    expect(messageOf(plateFeedback({ status: 'other_equipment', problem: null }, 'AC3479KM'))?.key).toBe(
      'common:validation.plate_id_other_equipment',
    );
    expect(messageOf(plateFeedback({ status: 'invalid', problem: null }, 'ZZZZZZZZ'))).toEqual({
      key: 'common:validation.plate_id_invalid',
      values: { plate_id: 'ZZZZZZZZ' },
    });
    expect(messageOf(plateFeedback({ status: 'invalid', problem: 'identifier_too_short' }, 'AC'))?.key).toBe(
      'common:validation.identifier_too_short',
    );
  });
});

describe('the combined message', () => {
  it('appears only when both identifiers are not valid', () => {
    const plate = (status: 'valid' | 'invalid' | 'already_used') => ({ status, problem: null });
    expect(
      bothInvalid({ frame_number: frame({ status: 'invalid' }), plate_id: plate('invalid'), bike: null }),
    ).toBe(true);
    // "Already registered – contact support" says more than "not valid": each keeps its own line.
    expect(
      bothInvalid({
        frame_number: frame({ status: 'already_used' }),
        plate_id: plate('already_used'),
        bike: null,
      }),
    ).toBe(false);
    expect(
      bothInvalid({
        frame_number: frame({ status: 'already_used' }),
        plate_id: plate('invalid'),
        bike: null,
      }),
    ).toBe(false);
    expect(bothInvalid({ frame_number: frame(), plate_id: plate('invalid'), bike: null })).toBe(false);
    expect(bothInvalid({ frame_number: null, plate_id: plate('invalid'), bike: null })).toBe(false);
    expect(bothInvalid(undefined)).toBe(false);
  });
});

describe('"Is the frame number correct?"', () => {
  it('lists one reason per soft warning, with the years and manufacturer to name', () => {
    const warnings = frameNumberWarnings(
      frame({
        warnings: ['invalid_production_year_letter_combination', 'brand_prefix_mismatch'],
        manufacturer: 'FDB',
      }),
    );
    expect(warnings).toEqual([
      {
        key: 'bikes:frameWarnings.invalid_production_year_letter_combination',
        values: { manufacturer: 'FDB', years: '1985, 2006' },
      },
      {
        key: 'bikes:frameWarnings.brand_prefix_mismatch',
        values: { manufacturer: 'FDB', years: '1985, 2006' },
      },
    ]);
  });

  it('is not asked when nothing looks wrong or when a hard error already says enough', () => {
    expect(frameNumberWarnings(frame())).toEqual([]);
    expect(frameNumberWarnings(frame({ status: 'already_used', warnings: ['invalid_year_letter'] }))).toEqual(
      [],
    );
    expect(frameNumberWarnings(null)).toEqual([]);
  });

  it('is asked again when the number or the reasons change', () => {
    const check = frame({ warnings: ['invalid_year_letter'] });
    expect(warningSignature(' wda12345i ', check)).toBe(warningSignature('WDA12345I', check));
    expect(warningSignature('WDA12345I', check)).not.toBe(warningSignature('WDA12346I', check));
    expect(warningSignature('WDA12345I', check)).not.toBe(
      warningSignature('WDA12345I', frame({ warnings: ['brand_prefix_mismatch'] })),
    );
  });
});
