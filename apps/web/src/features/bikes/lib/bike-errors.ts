import { VALIDATION_MESSAGES } from '@nbr/domain/identity';
import { isApiError } from '../../../lib/api-client.ts';
import { errorMessage, issueField } from '../../../lib/api-errors.ts';

/*
 * A failed save of a bike, in the words of SPEC §8: the first message of a 422 on top, each issue
 * under its field; plate messages name the plate ID; both identifiers wrong give the one combined
 * message. Pure (a translate function in, texts out) so it is tested without a form.
 */

export type Translate = (key: string, values?: Record<string, unknown>) => string;

export interface FormErrorReport {
  /** The text for the error summary above the form. */
  summary: string;
  /** Translated texts to put under fields. */
  fields: { field: string; message: string }[];
}

const KNOWN_VALIDATIONS: ReadonlySet<string> = new Set(VALIDATION_MESSAGES);
const PLATE_TYPES: ReadonlySet<string> = new Set([
  'plate_id_invalid',
  'plate_id_in_use',
  'plate_id_other_equipment',
]);

function issueText(type: string, msg: string, values: { plate_id?: string }, t: Translate): string {
  if (!KNOWN_VALIDATIONS.has(type)) return msg || t('common:errors.validation_failed');
  return t(`common:validation.${type}`, PLATE_TYPES.has(type) ? { plate_id: values.plate_id ?? '' } : {});
}

export function bikeErrorReport(
  error: unknown,
  t: Translate,
  /** What was sent, to name the plate ID in plate messages (plate_ids: equipment, by index). */
  sent: { plate_id?: string | null; plate_ids?: readonly string[] },
  knownFields: readonly string[],
): FormErrorReport {
  if (!isApiError(error)) return { summary: t('common:errors.unexpected'), fields: [] };
  const plateOf = (loc: ReadonlyArray<string | number>): { plate_id: string } => {
    const at = loc.indexOf('plate_ids');
    const index = at >= 0 ? loc[at + 1] : undefined;
    if (typeof index === 'number' && sent.plate_ids?.[index])
      return { plate_id: sent.plate_ids[index].trim() };
    return { plate_id: sent.plate_id?.trim() ?? sent.plate_ids?.join(', ') ?? '' };
  };
  if (error.status === 422 && error.issues.length > 0) {
    const fields: FormErrorReport['fields'] = [];
    for (const issue of error.issues) {
      const text = issueText(issue.type, issue.msg, plateOf(issue.loc), t);
      if (issue.type === 'frame_number_and_plate_id_invalid') {
        for (const field of ['frame_number', 'plate_id']) {
          if (knownFields.includes(field)) fields.push({ field, message: text });
        }
        continue;
      }
      // 'plate_ids.1' belongs under the plate IDs field.
      const field = issueField(issue.loc)?.split('.')[0];
      if (field && knownFields.includes(field) && !fields.some((entry) => entry.field === field))
        fields.push({ field, message: text });
    }
    const first = error.issues[0];
    return { summary: first ? issueText(first.type, first.msg, plateOf(first.loc), t) : '', fields };
  }
  if (error.code === 'frame_number_locked' && knownFields.includes('frame_number')) {
    const text = t('common:errors.frame_number_locked');
    return { summary: text, fields: [{ field: 'frame_number', message: text }] };
  }
  return { summary: errorMessage(error, t as never), fields: [] };
}
