/**
 * Live notices over the network (issue 20), part of the control API on hosts that stream them:
 *   GET /events                   every environment's notices (the trainer's view, trusted scripts)
 *   GET /environments/<key>/events  one environment's notices (a trainee's page, its owner token)
 * Server-Sent Events of the notices the service worker posts to its tabs (notices/hub.ts): a page
 * served by a Node host follows writes, journal entries and progress whoever caused them. Who may
 * open which stream is the control API's access rule like any other route: an owner token reaches
 * only its own environment's stream, so no page learns of another environment.
 * The service worker posts its notices to its tabs directly and answers these routes 404.
 */
import type { Hono } from 'hono/tiny';
import { json } from '../core/http.ts';
import { unknownEnvironment } from '../core/sim-errors.ts';
import type { NoticeHub } from '../notices/hub.ts';
import { noticeStream } from '../notices/stream.ts';
import type { SimStore } from '../storage/store.ts';

export interface EventRouteDeps {
  store: SimStore;
  /** Set on hosts that stream notices (the Node host). */
  notices: NoticeHub | undefined;
}

export function registerEventRoutes(app: Hono, deps: EventRouteDeps): void {
  const noStream = () => json({ error: 'This host sends no event stream: in the browser the service worker posts its notices to the pages directly.' }, 404);

  app.get('/events', (c) => {
    if (!deps.notices) return noStream();
    if (new URL(c.req.url).search !== '') return json({ error: 'This route takes no parameters.' }, 400);
    return noticeStream(deps.notices, { inScope: () => true, scope: () => deps.store.environments().map((e) => e.key) });
  });

  app.get('/environments/:key/events', (c) => {
    const key = c.req.param('key');
    if (!deps.store.env(key)) return unknownEnvironment(key);
    if (!deps.notices) return noStream();
    if (new URL(c.req.url).search !== '') return json({ error: 'This route takes no parameters.' }, 400);
    return noticeStream(deps.notices, { inScope: (env) => env === key, scope: () => [key] });
  });
}
