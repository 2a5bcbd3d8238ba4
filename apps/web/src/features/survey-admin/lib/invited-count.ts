import { SurveyInvitedCountSchema } from '@nbr/domain/surveys';

/** The number invited as typed: null when left empty, 'invalid' when it is not a whole number from 1 up. */
export function parseInvitedCount(text: string): number | null | 'invalid' {
  const trimmed = text.replace(/[\s.]/g, '');
  if (trimmed === '') return null;
  if (!/^\d+$/.test(trimmed)) return 'invalid';
  const parsed = SurveyInvitedCountSchema.safeParse(Number(trimmed));
  return parsed.success ? parsed.data : 'invalid';
}
