/** Every record kind of the receivables book and the shape of its rows (Product.recordKinds; issue 26). */
import type { KindSchema } from '../../../core/record-schema.ts';
import { DOCUMENT_KINDS } from './schemas-documents.ts';
import { REFERENCE_KINDS } from './schemas-reference.ts';

export const RECORD_KINDS: Readonly<Record<string, KindSchema>> = { ...REFERENCE_KINDS, ...DOCUMENT_KINDS };
