/** The built CLI's path. */
export const CLI: string;
/** Builds lib/ when it is stale; false when the build failed. */
export function ensureNodeLib(): boolean;
