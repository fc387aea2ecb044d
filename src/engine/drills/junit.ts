/**
 * A drill report as JUnit XML (issue 23 § Contract: GET …/drills/<id>/junit.xml), the format CI
 * systems show as tests: one testcase per step, `<failure>` with the explanation for a failed step,
 * `<skipped>` for one not exercised (or still pending while the drill runs), the informational
 * step's observation as `<system-out>`.
 */
import { escapeXml } from '../core/xml.ts';
import type { DrillReport, DrillStepReport } from './types.ts';

const attrs = (a: Record<string, string | number>) =>
  Object.entries(a)
    .map(([k, v]) => ` ${k}="${escapeXml(String(v))}"`)
    .join('');

/** Seconds from the injection to the verdict (0 when it never fired). */
function seconds(step: DrillStepReport): string {
  if (!step.injectedAt || !step.judgedAt) return '0';
  return Math.max(0, (Date.parse(step.judgedAt) - Date.parse(step.injectedAt)) / 1000).toFixed(3);
}

function details(step: DrillStepReport): string {
  const lines = [step.explanation, `Expected: ${step.expect}`, `Rule: ${step.rule}`];
  if (step.request) lines.push(`Request: ${step.request} (injected at ${step.injectedAt})`);
  if (step.catalog) lines.push(`Catalog: ${step.catalog.code} ${step.catalog.title} <${step.catalog.href}>`);
  lines.push(`Evidence (journal entries): ${step.evidence.length ? step.evidence.join(', ') : 'none'}`);
  return escapeXml(lines.join('\n'));
}

/** `key`: the environment, for the suite's properties. */
export function junitXml(report: DrillReport, key: string): string {
  const failures = report.steps.filter((s) => s.verdict === 'fail').length;
  const skipped = report.steps.filter((s) => s.verdict === 'not exercised' || s.verdict === 'pending').length;
  const total = report.finishedAt ? (Date.parse(report.finishedAt) - Date.parse(report.startedAt)) / 1000 : 0;
  const counts = { tests: report.steps.length, failures, errors: 0, skipped, time: total.toFixed(3) };
  const classname = `erp-sim.drill.${report.product}`;
  const cases = report.steps.map((step) => {
    const name = `${step.n} ${step.kind}: ${step.expect}`;
    const open = `    <testcase${attrs({ classname, name, time: seconds(step) })}`;
    const message = step.explanation;
    switch (step.verdict) {
      case 'fail':
        return `${open}>\n      <failure${attrs({ message, type: step.kind })}>${details(step)}</failure>\n    </testcase>`;
      case 'not exercised':
      case 'pending':
        return `${open}>\n      <skipped${attrs({ message: `${step.verdict}: ${message}` })}/>\n    </testcase>`;
      default:
        return `${open}>\n      <system-out>${details(step)}</system-out>\n    </testcase>`;
    }
  });
  const props = { environment: key, product: report.product, plan: report.plan, status: report.stopped ? 'stopped' : report.status };
  return [
    '<?xml version="1.0" encoding="UTF-8"?>',
    `<testsuites${attrs({ name: `erp-sim resilience drill ${report.id}`, ...counts })}>`,
    `  <testsuite${attrs({ name: `${report.id} (${report.plan} plan, ${report.product})`, ...counts, timestamp: report.startedAt.replace(/Z$/, ''), hostname: 'erp-sim' })}>`,
    '    <properties>',
    ...Object.entries(props).map(([name, value]) => `      <property${attrs({ name, value })}/>`),
    '    </properties>',
    ...cases,
    '  </testsuite>',
    '</testsuites>',
    '',
  ].join('\n');
}
