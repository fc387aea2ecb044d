/**
 * What the playground (src/app) may use of the engine: the control API's answer types and a few
 * constants the UI shows. The app imports nothing else of the engine, so a product's internals can
 * change without touching it (the layering rule in .dependency-cruiser.cjs).
 */
export type { CredentialType, ErrorEntry, ExampleRequest, ProductId, ResourceInfo, WorkProgress } from './core/types.ts';
export type { PublicCredential } from './admin/credentials.ts';
export type { FaultRule } from './faults/types.ts';
export type { DrillReport, DrillScore, DrillStepReport, StepKind, Verdict } from './drills/types.ts';
export { PROFILE_STEP, STANDARD_PLAN } from './drills/types.ts';
export type { JournalEntry } from './journal/types.ts';
export type { Lesson, LessonProgress, LessonStep, StepCheck } from './lessons/types.ts';
export { stepId } from './lessons/types.ts';
export { checkLessonText, LESSON_SCHEMA, type LessonCheck } from './lessons/validate.ts';
export type { ActivityAnswer, EnvActivity, LessonSummary } from './admin/activity-routes.ts';
export type { Notice } from './notices/hub.ts';
export type { AutoMatchSettings } from './products/receivables/automatch/settings.ts';
export type { RunEntry, RunResult } from './products/receivables/automatch/run.ts';
export type { StoredRun } from './products/receivables/automatch/schedule.ts';
export { RECEIPT_PRIVILEGES } from './products/receivables/oauth/privileges.ts';
export type { JournalSource } from './journal/types.ts';
export { JOURNAL_SOURCES, LEARNER_SOURCES, SOURCE_HEADER } from './journal/types.ts';
export type { CatalogMatch } from './journal/catalog-match.ts';
export { matchCatalog } from './journal/catalog-match.ts';
export type { AnswerNotes, ConsoleExchange, PartNote } from './journal/answer.ts';
export { explainAnswer } from './journal/answer.ts';
export { SIMULATOR_ERRORS } from './core/sim-errors.ts';
export { REAL_LIMITS } from './core/limits-profile.ts';
export { INJECTED_HEADER, INJECTED_STATUSES, MAX_FAULT_BODY, RETRYABLE_STATUSES } from './faults/types.ts';
export { REASON_PHRASES } from './core/http.ts';
export { answerCode } from './journal/codes.ts';
