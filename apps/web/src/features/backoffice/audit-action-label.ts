import type { TFunction } from 'i18next';

/** Every audited action is `group.name`: one level under `auditActions`, so a lookup never lands on a group. */
const ACTION_NAME = /^[a-z_]+\.[a-z_]+$/;

/**
 * What an audit event's action says, in the reader's language (`backoffice:auditActions`), or its
 * recorded name when the texts do not know it (an action newer than the web app, or one retired).
 */
export function auditActionLabel(action: string, t: TFunction): string {
  if (!ACTION_NAME.test(action)) return action;
  return t(`backoffice:auditActions.${action}`, { defaultValue: action });
}
