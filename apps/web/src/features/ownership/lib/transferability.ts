import { isTransferable } from '@nbr/domain/ownership';

/** Why a bike cannot be given away; none when it can (SPEC §4: plate and frame number, not stolen). */
export type NotTransferableReason = 'stolen' | 'missingFrameNumber' | 'missingPlate' | 'missingBoth';

export function notTransferableReason(bike: {
  frame_number: string | null;
  plate_id: string | null;
  status: string;
}): NotTransferableReason | null {
  if (isTransferable(bike)) return null;
  if (bike.status === 'stolen') return 'stolen';
  if (!bike.frame_number && !bike.plate_id) return 'missingBoth';
  return bike.frame_number ? 'missingPlate' : 'missingFrameNumber';
}
