/**
 * A drill report as JUnit XML (issue 23 § Contract: GET …/drills/<id>/junit.xml), the format CI
 * systems show as tests: one testcase per step, `<failure>` with the explanation for a failed step,
 * `<skipped>` for one not exercised (or still pending while the drill runs), the informational
 * step's observation as `<system-out>`.
 */
import { el, xmlDocument, type XmlItem } from '../core/xml-tree.ts';
import type { DrillReport, DrillStepReport } from './types.ts';

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
  return lines.join('\n');
}

/** `key`: the environment, for the suite's properties. */
export function junitXml(report: DrillReport, key: string): string {
  const failures = report.steps.filter((s) => s.verdict === 'fail').length;
  const skipped = report.steps.filter((s) => s.verdict === 'not exercised' || s.verdict === 'pending').length;
  const total = report.finishedAt ? (Date.parse(report.finishedAt) - Date.parse(report.startedAt)) / 1000 : 0;
  const counts = { tests: report.steps.length, failures, errors: 0, skipped, time: total.toFixed(3) };
  const classname = `erp-sim.drill.${report.product}`;
  const cases = report.steps.map((step): XmlItem => {
    const name = `${step.n} ${step.kind}: ${step.expect}`;
    const testcase = (child: XmlItem) => el('testcase', { classname, name, time: seconds(step) }, [child]);
    const message = step.explanation;
    switch (step.verdict) {
      case 'fail':
        return testcase(el('failure', { message, type: step.kind }, [details(step)]));
      case 'not exercised':
      case 'pending':
        return testcase(el('skipped', { message: `${step.verdict}: ${message}` }));
      default:
        return testcase(el('system-out', undefined, [details(step)]));
    }
  });
  const props = { environment: key, product: report.product, plan: report.plan, status: report.stopped ? 'stopped' : report.status };
  const suite = el('testsuite', { name: `${report.id} (${report.plan} plan, ${report.product})`, ...counts, timestamp: report.startedAt.replace(/Z$/, ''), hostname: 'erp-sim' }, [
    el('properties', undefined, Object.entries(props).map(([name, value]) => el('property', { name, value }))),
    ...cases,
  ]);
  return xmlDocument(el('testsuites', { name: `erp-sim resilience drill ${report.id}`, ...counts }, [suite]), { encoding: 'UTF-8', indent: true });
}
