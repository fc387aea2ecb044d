// Minimal typing of the parts of simple-oauth2 5.x the client-library test uses (the package ships no types).
declare module 'simple-oauth2' {
  interface ClientCredentialsConfig {
    client: { id: string; secret: string };
    auth: { tokenHost: string; tokenPath?: string };
    options?: { authorizationMethod?: 'header' | 'body'; bodyFormat?: 'form' | 'json' };
  }
  interface AccessToken {
    token: { access_token: string; token_type: string; expires_in: number; scope?: string; expires_at: Date };
    expired(expirationWindowSeconds?: number): boolean;
  }
  export class ClientCredentials {
    constructor(config: ClientCredentialsConfig);
    getToken(params: { scope?: string | string[] }): Promise<AccessToken>;
  }
  const _default: { ClientCredentials: typeof ClientCredentials };
  export default _default;
}
