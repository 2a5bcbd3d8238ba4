/*
 * What other modules and the use cases may use of docks (issue 28): where a bike last stood (the
 * police's bike search), the person's docks section of the data export, and the step of deleting
 * an account. Everything here runs in the caller's executor.
 */

export { forgetDockUseOf, lastDockParkingOfBike } from './dock-history.service.ts';
export { docksPersonalData } from './personal-data.repository.ts';
