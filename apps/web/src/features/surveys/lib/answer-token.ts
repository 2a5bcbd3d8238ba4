import { readStorage, STORAGE_PREFIX, writeStorage } from '../../../lib/storage.ts';

/*
 * A visitor's answer token per survey (issue 29 §1): the API answers it on the first saved step and
 * wants it back to show and continue that answer. Kept in localStorage, so the invitation link opened
 * again in the same browser resumes; forgotten once the answer is linked to an account.
 */

const keyOf = (surveyId: string) => `${STORAGE_PREFIX}survey-answer:${surveyId}`;

export function readAnswerToken(surveyId: string): string | null {
  return readStorage(keyOf(surveyId));
}

export function writeAnswerToken(surveyId: string, token: string | null): void {
  writeStorage(keyOf(surveyId), token);
}
