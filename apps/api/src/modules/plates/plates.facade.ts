/*
 * What other modules may use of plates (bikes: a bike's or its equipment's plates, checked,
 * attached, released; a scanned sticker). Everything here runs in the caller's executor.
 */

export {
  attachPlatesToEquipment,
  attachPlateToBike,
  checkPlateForBike,
  importPlatesOfBikes,
  importPlatesOfBikesFrom,
  lookupSticker,
  PLATE_ISSUE_TYPES,
  type PlateCheck,
  plateOfBike,
  platesOfBikes,
  platesOfEquipment,
  releasePlates,
} from './plates.service.ts';
