/** Which of a product's services a path (relative to the environment base) belongs to. */
import { isSoapPath } from '../core/soap.ts';
import type { ProductId } from '../core/types.ts';
import type { JournalService } from './types.ts';

export function serviceOf(product: ProductId, path: string): JournalService {
  const p = path.split('?')[0] as string;
  if (product === 'odata') return /\/\$batch$/.test(p) ? 'batch' : 'odata';
  if (p === '/oauth/token' || p.startsWith('/oauth/')) return 'oauth';
  return isSoapPath(p) ? 'soap' : 'rest';
}
