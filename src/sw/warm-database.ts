/**
 * A stopped worker's first `/sim` request imports the engine's core (a synchronous download and
 * compile that holds the worker's thread) and then opens the database. Opening it first, and
 * letting go of it at once, has the browser open the database's files while the core loads: the
 * store's own open (Dexie, once the core has loaded) finds them open.
 *
 * It never creates or upgrades the database, so Dexie alone decides its schema: without a version
 * the request opens the current one, and where there is none yet (a first visit) it aborts the
 * creation (the database then does not exist, and Dexie creates it at the schema's version). A
 * connection still open when Dexie upgrades the database closes when asked.
 */
export function warmDatabase(name: string, factory: IDBFactory = indexedDB): void {
  try {
    const request = factory.open(name);
    request.onupgradeneeded = () => request.transaction?.abort();
    request.onsuccess = () => {
      const db = request.result;
      db.onversionchange = () => db.close();
      db.close();
    };
    // The abort above (AbortError), or no IndexedDB here: the store's own open reports that one.
    request.onerror = (event) => event.preventDefault();
  } catch {
    // No IndexedDB in this context: likewise left to the store's open.
  }
}
