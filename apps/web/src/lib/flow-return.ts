import type { FlowAction } from '@nbr/domain/flows';
import { readJson, STORAGE_PREFIX, writeJson } from './storage.ts';

/*
 * A flow's step ends in an action another screen carries out (register a bike, redeem a voucher, buy,
 * answer a survey). The walker remembers where it was before it sends the person there; that screen,
 * once its work is done, asks takeFlowReturn for its action and, when a flow waits, leads the person
 * back to the step with `?action=done`, where the walker records the action and goes on.
 * Per tab (session storage), as a journey is.
 */

const KEY = `${STORAGE_PREFIX}flow-return`;

/** The query parameter the walker reads on coming back. */
export const FLOW_ACTION_DONE_PARAM = 'action';
export const FLOW_ACTION_DONE_VALUE = 'done';

interface FlowReturn {
  action: FlowAction;
  /** The step's address, without the query. */
  href: string;
}

export function rememberFlowReturn(action: FlowAction, href: string): void {
  writeJson(KEY, { action, href } satisfies FlowReturn, 'session');
}

/** The step's address to go back to when a flow waits for this action, else null. */
export function peekFlowReturn(action: FlowAction): string | null {
  const value = readJson<FlowReturn>(KEY, 'session');
  if (
    !value ||
    value.action !== action ||
    typeof value.href !== 'string' ||
    !value.href.startsWith('/flows/')
  ) {
    return null;
  }
  return `${value.href}?${FLOW_ACTION_DONE_PARAM}=${FLOW_ACTION_DONE_VALUE}`;
}

/** As peekFlowReturn, and forgets it: the action's screen is leading the person back now. */
export function takeFlowReturn(action: FlowAction): string | null {
  const href = peekFlowReturn(action);
  if (href) writeJson(KEY, null, 'session');
  return href;
}
