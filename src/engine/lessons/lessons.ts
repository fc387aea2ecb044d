/**
 * The built-in lessons: files in the lesson format (issue 40 § 1; docs/reference/lesson-format.md),
 * the same format a trainer writes. Add one by adding its file to builtin/ and to this list.
 * test/lessons/builtin.test.ts checks each against the validator a host uses for custom lessons.
 */
import getAToken from './builtin/get-a-token.json' with { type: 'json' };
import pageThroughInvoices from './builtin/page-through-invoices.json' with { type: 'json' };
import syncIncrementally from './builtin/sync-incrementally.json' with { type: 'json' };
import automatchApplies from './builtin/automatch-applies.json' with { type: 'json' };
import surviveAFault from './builtin/survive-a-fault.json' with { type: 'json' };
import drillByHand from './builtin/drill-by-hand.json' with { type: 'json' };
import readAnODataError from './builtin/read-an-odata-error.json' with { type: 'json' };
import batchFailure from './builtin/batch-failure.json' with { type: 'json' };
import dontOverwrite from './builtin/dont-overwrite.json' with { type: 'json' };
import backOffWhenThrottled from './builtin/back-off-when-throttled.json' with { type: 'json' };
import type { Lesson } from './types.ts';

/** In the order the Lessons view lists them (a product's first is a class's default). */
export const LESSONS: readonly Lesson[] = [getAToken, pageThroughInvoices, syncIncrementally, automatchApplies, surviveAFault, drillByHand, dontOverwrite, readAnODataError, batchFailure, backOffWhenThrottled] as Lesson[];

