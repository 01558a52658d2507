import { describe, expect, it } from 'vitest';
import { auditVerdict } from '../../scripts/audit/verdict';

const report = (
  vulnerabilities: Record<string, { severity: string; range?: string }>,
  counts: Record<string, number>,
) =>
  JSON.stringify({
    auditReportVersion: 2,
    vulnerabilities,
    metadata: {
      vulnerabilities: { info: 0, low: 0, moderate: 0, high: 0, critical: 0, ...counts },
    },
  });

// What npm 11 prints when the registry refuses the bulk advisories endpoint (this CI machine's).
const refused = JSON.stringify({
  message:
    '405 Method Not Allowed - POST https://registry.npmjs.org/-/npm/v1/security/advisories/bulk',
  statusCode: 405,
  body: '',
  error: { summary: '', detail: '' },
});

describe('npm run audit', () => {
  it('passes a report with no advisories', () => {
    const verdict = auditVerdict(report({}, {}), { required: true });
    expect(verdict).toMatchObject({ outcome: 'clean', ok: true });
  });

  it('fails on a high or a critical advisory, naming the package', () => {
    for (const severity of ['high', 'critical']) {
      const verdict = auditVerdict(
        report({ fastify: { severity, range: '<5.3.2' } }, { [severity]: 1 }),
        {
          required: false,
        },
      );
      expect(verdict.ok).toBe(false);
      expect(verdict.outcome).toBe('findings');
      expect(verdict.lines.join('\n')).toContain(`${severity}: fastify <5.3.2`);
    }
  });

  it('lists low and moderate advisories without failing', () => {
    const verdict = auditVerdict(
      report({ a: { severity: 'low' }, b: { severity: 'moderate' } }, { low: 1, moderate: 1 }),
      { required: true },
    );
    expect(verdict.ok).toBe(true);
    expect(verdict.lines).toContain('moderate: b');
    expect(verdict.lines.at(-1)).toContain('2 low or moderate');
  });

  it('never reports a refused advisory service as clean; fails it when the audit is required', () => {
    const lenient = auditVerdict(refused, { required: false });
    expect(lenient.outcome).toBe('unchecked');
    expect(lenient.lines[0]).toContain('NOT CHECKED');
    expect(lenient.lines[0]).toContain('405');
    expect(lenient.ok).toBe(true);
    expect(auditVerdict(refused, { required: true }).ok).toBe(false);
    expect(auditVerdict('', { required: true })).toMatchObject({ outcome: 'unchecked', ok: false });
  });
});
