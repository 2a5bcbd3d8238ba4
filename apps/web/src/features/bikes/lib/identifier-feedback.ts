import type { FrameNumberCheckAnswer, IdentifierCheckResponse } from '@nbr/domain/bikes';
import { VALIDATION_MESSAGES } from '@nbr/domain/identity';

/*
 * What the live identifier check means for the person typing (SPEC §4, §5): a hard problem is shown
 * as an error under the field; the soft checks of the Danish stelnummer system become one question,
 * "Is the frame number correct?", with the reasons — a question the person may answer yes to, never
 * something that stops the registration.
 */

/** A text to show: an i18n key (namespace-qualified) with its values. */
export interface Message {
  key: string;
  values?: Record<string, string>;
}

export type FieldFeedback =
  | { kind: 'none' }
  | { kind: 'valid'; message: Message }
  | { kind: 'error'; message: Message };

const KNOWN_VALIDATIONS: ReadonlySet<string> = new Set(VALIDATION_MESSAGES);

function problemMessage(problem: string | null, fallback: string): Message {
  return { key: `common:validation.${problem && KNOWN_VALIDATIONS.has(problem) ? problem : fallback}` };
}

export function frameNumberFeedback(check: IdentifierCheckResponse['frame_number']): FieldFeedback {
  if (!check || check.kind === 'missing') return { kind: 'none' };
  switch (check.status) {
    case 'valid':
      return { kind: 'valid', message: { key: 'bikes:identifiers.frameNumberValid' } };
    case 'already_used':
      return { kind: 'error', message: { key: 'common:validation.frame_number_in_use' } };
    default:
      return { kind: 'error', message: problemMessage(check.problem, 'invalid_value') };
  }
}

export function plateFeedback(check: IdentifierCheckResponse['plate_id'], plateId: string): FieldFeedback {
  if (!check) return { kind: 'none' };
  const values = { plate_id: plateId.trim() };
  switch (check.status) {
    case 'valid':
      return { kind: 'valid', message: { key: 'bikes:identifiers.plateValid', values } };
    case 'already_used':
      return { kind: 'error', message: { key: 'common:validation.plate_id_in_use', values } };
    case 'other_equipment':
      return { kind: 'error', message: { key: 'common:validation.plate_id_other_equipment', values } };
    default:
      // A too-short or malformed code is the shape problem; anything else is a code no sticker has.
      return {
        kind: 'error',
        message:
          check.problem && check.problem !== 'plate_id_invalid' && KNOWN_VALIDATIONS.has(check.problem)
            ? { key: `common:validation.${check.problem}` }
            : { key: 'common:validation.plate_id_invalid', values },
      };
  }
}

/**
 * SPEC §5: when both the frame number and the plate ID are not valid, one combined message. An
 * identifier that is already registered (or belongs to equipment) keeps its own, more useful line.
 */
export function bothInvalid(response: IdentifierCheckResponse | undefined): boolean {
  const frame = response?.frame_number;
  const plate = response?.plate_id;
  return frame?.status === 'invalid' && plate?.status === 'invalid';
}

/**
 * The reasons behind "Is the frame number correct?", one text each, or [] when nothing looks wrong.
 * Only for a frame number that is otherwise usable (a hard error says enough on its own).
 */
export function frameNumberWarnings(
  check: (FrameNumberCheckAnswer & { status?: string }) | null | undefined,
): Message[] {
  if (!check || (check.status !== undefined && check.status !== 'valid')) return [];
  const years = check.candidate_years.join(', ');
  return check.warnings.map((warning) => ({
    key: `bikes:frameWarnings.${warning}`,
    values: { manufacturer: check.manufacturer ?? '', years },
  }));
}

/** The question is asked again whenever the reasons change (a different number, brand or year). */
export function warningSignature(
  frameNumber: string,
  check: FrameNumberCheckAnswer | null | undefined,
): string {
  return `${frameNumber.trim().toUpperCase()}|${check?.warnings.join(',') ?? ''}`;
}
