/**
 * The REST-Framework-Version header, the real framework's convention beyond spec 000 (Oracle's "Set the
 * REST Framework Version": versions 1 to 9, version 1 when absent). Every REST call accepts 1-9; the
 * simulator's answers are the same under each (the spec's behaviour is the contract whatever the
 * version). Another value is refused with 400 in the framework's error body: Oracle documents no
 * answer for it, so the nearest documented style (a bad request parameter) is used.
 */
import type { Context, Next } from 'hono';
import type { ProductApp, ProductBindings } from '../../../core/types.ts';
import { FW, RestError } from './errors.ts';

export const FRAMEWORK_VERSIONS = ['1', '2', '3', '4', '5', '6', '7', '8', '9'] as const;

async function checkFrameworkVersion(c: Context<ProductBindings>, next: Next): Promise<void> {
  const sent = c.req.header('rest-framework-version');
  if (sent !== undefined && !(FRAMEWORK_VERSIONS as readonly string[]).includes(sent.trim())) {
    throw new RestError(400, FW.INVALID_FRAMEWORK_VERSION, `The REST-Framework-Version '${sent.slice(0, 40)}' is not supported; send a version from 1 to 9, or leave the header out for version 1.`, {
      path: 'REST-Framework-Version',
    });
  }
  await next();
}

/** After bearer authentication (an unauthenticated call is refused as such first). */
export function registerFrameworkVersion(app: ProductApp): void {
  app.use('/fscmRestApi/*', checkFrameworkVersion);
  app.use('/crmRestApi/*', checkFrameworkVersion);
}
