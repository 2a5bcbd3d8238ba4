import type { TheftDeps } from '../theft/theft.facade.ts';

/**
 * What the docks module needs from the platform; app.ts builds it. A dock's operator hands bikes
 * left behind to theft's held-bike workflow (its chat, mails and live delivery), so the docks
 * module takes theft's deps whole; `hub` carries the docks' live channels (dockChannel) too.
 */
export type DocksDeps = TheftDeps;
