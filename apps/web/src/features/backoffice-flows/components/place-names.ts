import type { FlowDefinition } from '@nbr/domain/flows';
import type { TFunction } from 'i18next';

/** The parts of a place that are fields, named in the namespace's place.fields. */
export const PLACE_FIELDS = [
  'memo',
  'title',
  'label',
  'text',
  'alt',
  'file_id',
  'id',
  'kind',
  'required',
  'action',
  'survey_id',
  'go_to',
  'otherwise',
  'question',
  'value',
  'values',
  'blocks',
  'questions',
  'routes',
  'choices',
  'when',
  'steps',
] as const;

const FIELDS: ReadonlySet<string> = new Set(PLACE_FIELDS);
const LANGUAGES: ReadonlySet<string> = new Set(['da', 'en', 'no']);

/**
 * A problem's place in words, for the list above the editor: steps.1.routes.0.go_to → “Trin 2 (tak) ›
 * Vej 1 › Går til”. Steps are named by number and memo, questions by number and id.
 */
export function describePlace(path: string, definition: FlowDefinition, t: TFunction): string {
  const parts = path === '' ? [] : path.split('.');
  const names: string[] = [];
  let step: FlowDefinition['steps'][number] | undefined;
  for (let at = 0; at < parts.length; at += 1) {
    const part = parts[at] ?? '';
    const next = parts[at + 1];
    const number = next !== undefined && /^\d+$/.test(next) ? Number(next) : null;
    if (number !== null && ['steps', 'blocks', 'questions', 'choices', 'routes', 'when'].includes(part)) {
      at += 1;
      if (part === 'steps') {
        step = definition.steps[number];
        names.push(t('place.step', { number: number + 1, memo: step?.memo ?? '' }));
      } else if (part === 'questions') {
        names.push(t('place.question', { number: number + 1, id: step?.questions[number]?.id ?? '' }));
      } else if (part === 'blocks') {
        names.push(t('place.block', { number: number + 1 }));
      } else if (part === 'choices') {
        names.push(t('place.choice', { number: number + 1 }));
      } else if (part === 'routes') {
        names.push(t('place.route', { number: number + 1 }));
      } else {
        names.push(t('place.condition', { number: number + 1 }));
      }
    } else if (at === 0 && part === 'title') {
      names.push(t('place.flowTitle'));
    } else if (LANGUAGES.has(part)) {
      names.push(t(`languages.${part}`));
    } else if (FIELDS.has(part)) {
      names.push(t(`place.fields.${part}`));
    } else {
      names.push(part);
    }
  }
  return names.length ? names.join(' › ') : t('place.flow');
}
