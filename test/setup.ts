// Dexie needs an IndexedDB before it is imported; in Node that is fake-indexeddb.
import 'fake-indexeddb/auto';
