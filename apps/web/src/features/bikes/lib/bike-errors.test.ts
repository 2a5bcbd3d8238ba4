import { describe, expect, it } from 'vitest';
import { ApiError } from '../../../lib/api-client.ts';
import { bikeErrorReport } from './bike-errors.ts';

/** A translate stand-in that shows the key and its values. */
const t = (key: string, values?: Record<string, unknown>) =>
  values && Object.keys(values).length ? `${key}${JSON.stringify(values)}` : key;

const fields = ['nickname', 'frame_number', 'plate_id', 'plate_ids'] as const;
const unprocessable = (issues: { loc: (string | number)[]; type: string }[]) =>
  new ApiError({
    status: 422,
    code: 'validation_failed',
    issues: issues.map((issue) => ({ ...issue, msg: 'x' })),
  });

describe('bikeErrorReport (SPEC §8)', () => {
  it('shows the first issue on top and every issue under its field, plate messages with the ID', () => {
    const report = bikeErrorReport(
      unprocessable([
        { loc: ['body', 'plate_id'], type: 'plate_id_in_use' },
        { loc: ['body', 'frame_number'], type: 'frame_number_in_use' },
      ]),
      t,
      { plate_id: ' AC3479KM ' },
      fields,
    );
    expect(report.summary).toBe('common:validation.plate_id_in_use{"plate_id":"AC3479KM"}');
    expect(report.fields).toEqual([
      { field: 'plate_id', message: 'common:validation.plate_id_in_use{"plate_id":"AC3479KM"}' },
      { field: 'frame_number', message: 'common:validation.frame_number_in_use' },
    ]);
  });

  it('gives the one combined message when both identifiers are wrong', () => {
    const report = bikeErrorReport(
      unprocessable([{ loc: ['body'], type: 'frame_number_and_plate_id_invalid' }]),
      t,
      {},
      fields,
    );
    expect(report.summary).toBe('common:validation.frame_number_and_plate_id_invalid');
    expect(report.fields.map((entry) => entry.field)).toEqual(['frame_number', 'plate_id']);
  });

  it("names the right plate of an item's list", () => {
    const report = bikeErrorReport(
      unprocessable([{ loc: ['body', 'plate_ids', 1], type: 'plate_id_invalid' }]),
      t,
      { plate_ids: ['AC3479KM', 'ZZZZZZZZ'] },
      fields,
    );
    expect(report.fields).toEqual([
      { field: 'plate_ids', message: 'common:validation.plate_id_invalid{"plate_id":"ZZZZZZZZ"}' },
    ]);
  });

  it('puts a locked frame number under its field and other failures on top only', () => {
    expect(
      bikeErrorReport(new ApiError({ status: 409, code: 'frame_number_locked' }), t, {}, fields).fields,
    ).toEqual([{ field: 'frame_number', message: 'common:errors.frame_number_locked' }]);
    const noSubscription = bikeErrorReport(
      new ApiError({ status: 403, code: 'no_subscription' }),
      t,
      {},
      fields,
    );
    expect(noSubscription).toEqual({ summary: 'common:errors.no_subscription', fields: [] });
    expect(bikeErrorReport(new Error('boom'), t, {}, fields).summary).toBe('common:errors.unexpected');
  });
});
