/** "Now", injectable (AppDeps.clock): the booking rules read it, so tests can stand before a DST night. */
export type Clock = () => Date;

export const systemClock: Clock = () => new Date();
