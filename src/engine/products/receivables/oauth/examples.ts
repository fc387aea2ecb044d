/** Ready-to-send token requests for the UI console (spec 000 § Token endpoint). */
import type { ExampleRequest } from '../../../core/types.ts';
import { CONSUMER_SCOPE } from '../../../core/types.ts';
import { TOKEN_PATH } from './token-endpoint.ts';

export const oauthExamples: ExampleRequest[] = [
  {
    id: 'oauth-token',
    group: 'OAuth',
    title: 'Get an access token (client credentials in the body)',
    method: 'POST',
    path: TOKEN_PATH,
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: `grant_type=client_credentials&scope=${encodeURIComponent(CONSUMER_SCOPE)}&client_id={{clientId}}&client_secret={{clientSecret}}`,
    auth: 'none',
    expectStatus: 200,
  },
  {
    id: 'oauth-token-wrong-scope',
    group: 'OAuth',
    title: 'Token request with the consumer scope combined with another (invalid_scope)',
    method: 'POST',
    path: TOKEN_PATH,
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: `grant_type=client_credentials&scope=${encodeURIComponent(`${CONSUMER_SCOPE} openid`)}&client_id={{clientId}}&client_secret={{clientSecret}}`,
    auth: 'none',
    expectStatus: 400,
  },
];
