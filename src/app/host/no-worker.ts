/**
 * A page of a shared host runs without a service worker: `/sim` must reach the host. If this origin
 * once served the browser-only playground (a static build on the same address and port), its worker
 * may still be registered and would answer `/sim` from this browser's IndexedDB instead: it is
 * unregistered, and a page it controls reloads once to leave it.
 */
const RELOADED = 'erp-sim:left-worker';

export async function leaveAnyWorker(): Promise<void> {
  // Undefined on an origin that is not secure (a host reached by its LAN address): nothing to leave.
  const sw = navigator.serviceWorker as ServiceWorkerContainer | undefined;
  if (!sw) return;
  const registrations = await sw.getRegistrations().catch(() => []);
  await Promise.all(registrations.map((r) => r.unregister().catch(() => false)));
  if (sw.controller && !sessionStorage.getItem(RELOADED)) {
    sessionStorage.setItem(RELOADED, '1');
    location.reload();
    await new Promise(() => undefined); // the page is going away
  }
}
