/** Every view the app routes to (`#/<view>/…`): the router's list, and what the e2e sweep of old links walks. */
export const VIEWS = ['start', 'envs', 'console', 'data', 'errors', 'statement', 'automatch', 'journal', 'faults', 'drill', 'snapshots', 'lessons', 'lesson-editor', 'collections', 'trainer', 'join'] as const;
export type View = (typeof VIEWS)[number];
