import type { FoundMatchReason } from '@nbr/domain/found-matching';
import type { TFunction } from 'i18next';

/**
 * Why a found bike may be a stolen one, in words (issue 32 §2): our staff's candidates and the
 * owner's notice say the same, so the texts live once in `common:foundMatchReasons`.
 */
export function foundMatchReasonText(reason: FoundMatchReason, t: TFunction): string {
  switch (reason.kind) {
    case 'frame_close_serial':
      return t('common:foundMatchReasons.frame_close_serial', { count: reason.distance });
    case 'near':
      return t('common:foundMatchReasons.near', { km: reason.km });
    case 'after_theft':
      return t('common:foundMatchReasons.after_theft', { count: reason.days });
    default:
      return t(`common:foundMatchReasons.${reason.kind}`);
  }
}
