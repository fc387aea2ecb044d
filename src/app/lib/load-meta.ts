/** What the console knows about a request it loads: where it came from, its name, checks and variables it sets. */
import type { Capture, Check } from './collections.ts';

export interface LoadMeta {
  /** The example's or saved request's name (kept in the history while the request is unedited). */
  name?: string;
  /** A catalog example (an error entry's reproducing request is known by it). */
  exampleId?: string;
  /** A request saved in a collection. */
  itemId?: string;
  collectionId?: string;
  checks?: Check[];
  captures?: Capture[];
}

/** Where the console saves a request: an existing collection, or a new one; a folder optional. */
export interface SaveTarget {
  name: string;
  /** An existing collection's id, or '' for a new one named `newCollection`. */
  collectionId: string;
  newCollection: string;
  folder: string;
}
