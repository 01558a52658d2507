/**
 * What `npm run audit` concludes from `npm audit --omit=dev --json`. Pure, so the rule is tested
 * (tests/unit/audit-verdict.test.ts) without the advisory service.
 *
 * - A high or critical advisory in what the store runs in production fails the run.
 * - Low and moderate ones are listed, not failed: they are weighed by a person (most are in
 *   code paths the store never takes), and failing on them would teach everyone to ignore red.
 * - When the advisory service cannot be asked (no network, or a registry mirror that refuses
 *   the audit endpoint, as this project's CI machine does: 405 on the bulk advisories POST),
 *   nothing was checked. That is said loudly; it fails only when AUDIT_REQUIRED=true, because a
 *   mirror's limits are not a defect in the store. Where the service is reachable, set it.
 */
export type Severity = 'info' | 'low' | 'moderate' | 'high' | 'critical';

export interface AuditVerdict {
  outcome: 'clean' | 'findings' | 'unchecked';
  ok: boolean;
  lines: string[];
}

interface AuditReport {
  vulnerabilities?: Record<string, { severity?: Severity; via?: unknown[]; range?: string }>;
  metadata?: { vulnerabilities?: Partial<Record<Severity, number>> };
  error?: unknown;
  message?: string;
  statusCode?: number;
}

const failing: readonly Severity[] = ['high', 'critical'];

export function auditVerdict(output: string, options: { required: boolean }): AuditVerdict {
  let report: AuditReport;
  try {
    report = JSON.parse(output) as AuditReport;
  } catch {
    return unchecked('npm audit printed no JSON report', options);
  }
  if (!report.metadata?.vulnerabilities || report.error !== undefined) {
    const why = report.message ?? (report.statusCode ? `HTTP ${report.statusCode}` : 'no report');
    return unchecked(`the advisory service could not be asked (${why})`, options);
  }
  const entries = Object.entries(report.vulnerabilities ?? {});
  const lines = entries.map(
    ([name, v]) => `${v.severity ?? 'unknown'}: ${name}${v.range ? ` ${v.range}` : ''}`,
  );
  const blocking = entries.filter(([, v]) => v.severity && failing.includes(v.severity));
  if (blocking.length > 0) {
    return {
      outcome: 'findings',
      ok: false,
      lines: [
        ...lines,
        `${blocking.length} high or critical advisories in production dependencies.`,
      ],
    };
  }
  const counts = report.metadata.vulnerabilities;
  const total = (['low', 'moderate'] as const).reduce((sum, s) => sum + (counts[s] ?? 0), 0);
  return {
    outcome: 'clean',
    ok: true,
    lines: [
      ...lines,
      total === 0
        ? 'No known advisories in production dependencies.'
        : `No high or critical advisories; ${total} low or moderate listed above.`,
    ],
  };
}

function unchecked(reason: string, options: { required: boolean }): AuditVerdict {
  return {
    outcome: 'unchecked',
    ok: !options.required,
    lines: [
      `NOT CHECKED: ${reason}. No advisories were compared.`,
      options.required
        ? 'AUDIT_REQUIRED=true, so this fails.'
        : 'Set AUDIT_REQUIRED=true where the npm advisory service is reachable.',
    ],
  };
}
