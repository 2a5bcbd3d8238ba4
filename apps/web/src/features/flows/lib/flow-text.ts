import type { FlowText } from '@nbr/domain/flows';

/** A flow's text in the reader's language, else in Danish (always written). */
export function flowText(text: Pick<FlowText, 'da' | 'en' | 'no'>, language: string): string {
  const short = language.slice(0, 2);
  if (short === 'en' && text.en) return text.en;
  if ((short === 'no' || short === 'nb' || short === 'nn') && text.no) return text.no;
  return text.da;
}
