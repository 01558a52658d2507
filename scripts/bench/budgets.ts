/**
 * Issue 11's budgets, checked against `bench/results.json` by `npm run bench:check`. Pure: the
 * results go in, one verdict per budget comes out, so the rules are unit-tested
 * (tests/unit/bench-budgets.test.ts) without running the bench.
 *
 * A budget whose figure is missing from the results fails: a bench that silently skipped a
 * section (no Chromium, no Postgres, a crashed child) must not read as "within budget".
 */

/** The parts of `bench/results.json` the budgets read; every section may be absent. */
export interface BenchResults {
  api?: {
    database: string;
    route: string;
    ratio: number;
    app: { p99ms: number; errors: number };
    bare: { errors: number };
  }[];
  firstView?: { totalTransferred: number; scriptTransferred: number } | null;
  serverRssMiB?: Record<string, number>;
  lighthouse?: {
    page: string;
    preset: string;
    score: number;
    fcpMs: number;
    lcpMs: number;
    tbtMs: number;
    cls: number;
  }[];
  serverStart?: { rssAfterStartMiB: number; startExistingMs: number; secondNpmStartMs: number };
  orderPipeline?: {
    database: string;
    ordersPerSecond: number;
    placedToBoardMs: { p99: number };
    acceptedToCustomerMs: { p99: number };
    errors: number;
  }[];
  streams?: { streams: number; bytesPerStream: number } | null;
}

export interface Verdict {
  budget: string;
  /** The measured figure as printed, or "not measured". */
  measured: string;
  limit: string;
  ok: boolean;
}

export const BUDGETS = {
  lighthouseMobileScore: 95,
  lighthouseDesktopScore: 99,
  fcpMs: 1500,
  lcpMs: 2000,
  tbtMs: 100,
  cls: 0.02,
  homeScriptBytes: 110_000,
  homeTotalBytes: 250_000,
  // Requests per second over a bare node server's: a sign of work done per request that need not
  // be. A store's reads come nowhere near either rate; what a customer waits for is the p99.
  apiRatio: 0.6,
  apiP99Ms: 10,
  ordersPerSecond: 100,
  notificationP99Ms: 100,
  streams: 10_000,
  bytesPerStream: 50 * 1024,
  rssMiB: 350,
  startExistingMs: 2000,
  secondNpmStartMs: 3000,
} as const;

/** The pages and databases the results must cover: a missing one is a failed budget. */
export const EXPECTED = {
  lighthousePages: ['Home', 'Wings', 'Beverages', 'Detail', 'Cart'],
  presets: ['mobile', 'desktop'],
  apiRoutes: ['/api/store/status', '/api/products', '/api/products/{id}', '/api/toppings'],
  databases: ['pglite', 'postgres'],
} as const;

const atMost = (budget: string, value: number | undefined, limit: number, unit = ''): Verdict =>
  value === undefined || !Number.isFinite(value)
    ? { budget, measured: 'not measured', limit: `≤ ${limit}${unit}`, ok: false }
    : {
        budget,
        measured: `${round(value)}${unit}`,
        limit: `≤ ${limit}${unit}`,
        ok: value <= limit,
      };

const atLeast = (budget: string, value: number | undefined, limit: number, unit = ''): Verdict =>
  value === undefined || !Number.isFinite(value)
    ? { budget, measured: 'not measured', limit: `≥ ${limit}${unit}`, ok: false }
    : {
        budget,
        measured: `${round(value)}${unit}`,
        limit: `≥ ${limit}${unit}`,
        ok: value >= limit,
      };

const round = (value: number) => (Number.isInteger(value) ? value : Number(value.toFixed(3)));

export function checkBudgets(results: BenchResults): Verdict[] {
  const verdicts: Verdict[] = [];

  for (const page of EXPECTED.lighthousePages) {
    for (const preset of EXPECTED.presets) {
      // The bench names a page and what it stands for: "Wings (category)", "Cart (1 line)".
      const row = results.lighthouse?.find(
        (r) => (r.page === page || r.page.startsWith(`${page} (`)) && r.preset === preset,
      );
      const name = `Lighthouse ${preset} ${page}`;
      const minimum =
        preset === 'mobile' ? BUDGETS.lighthouseMobileScore : BUDGETS.lighthouseDesktopScore;
      verdicts.push(atLeast(`${name}: score`, row?.score, minimum));
      verdicts.push(atMost(`${name}: CLS`, row?.cls, BUDGETS.cls));
      // The timing budgets are the mobile preset's (throttled); desktop is held by its score.
      if (preset === 'mobile') {
        verdicts.push(atMost(`${name}: FCP`, row?.fcpMs, BUDGETS.fcpMs, ' ms'));
        verdicts.push(atMost(`${name}: LCP`, row?.lcpMs, BUDGETS.lcpMs, ' ms'));
        verdicts.push(atMost(`${name}: TBT`, row?.tbtMs, BUDGETS.tbtMs, ' ms'));
      }
    }
  }

  const view = results.firstView ?? undefined;
  verdicts.push(
    atMost(
      'Home first view: JavaScript transferred',
      view?.scriptTransferred,
      BUDGETS.homeScriptBytes,
      ' B',
    ),
  );
  verdicts.push(
    atMost(
      'Home first view: all transferred',
      view?.totalTransferred,
      BUDGETS.homeTotalBytes,
      ' B',
    ),
  );

  for (const database of EXPECTED.databases) {
    for (const route of EXPECTED.apiRoutes) {
      const row = results.api?.find((r) => r.database === database && r.route === route);
      const name = `API ${database} ${route}`;
      verdicts.push(atLeast(`${name}: × bare`, row?.ratio, BUDGETS.apiRatio));
      verdicts.push(atMost(`${name}: p99`, row?.app.p99ms, BUDGETS.apiP99Ms, ' ms'));
      verdicts.push(
        atMost(`${name}: errors`, row ? row.app.errors + row.bare.errors : undefined, 0),
      );
    }
  }

  const postgres = results.orderPipeline?.find((r) => r.database === 'postgres');
  verdicts.push(
    atLeast('Orders on Postgres: orders/s', postgres?.ordersPerSecond, BUDGETS.ordersPerSecond),
  );
  for (const row of EXPECTED.databases.map((d) =>
    results.orderPipeline?.find((r) => r.database === d),
  )) {
    const name = `Orders on ${row?.database ?? 'a database'}`;
    verdicts.push(
      atMost(
        `${name}: placed → board p99`,
        row?.placedToBoardMs.p99,
        BUDGETS.notificationP99Ms,
        ' ms',
      ),
    );
    verdicts.push(
      atMost(
        `${name}: accepted → customer p99`,
        row?.acceptedToCustomerMs.p99,
        BUDGETS.notificationP99Ms,
        ' ms',
      ),
    );
    verdicts.push(atMost(`${name}: errors`, row?.errors, 0));
  }

  const streams = results.streams ?? undefined;
  verdicts.push(atLeast('Streams on one process', streams?.streams, BUDGETS.streams));
  verdicts.push(
    atMost('Streams: memory per stream', streams?.bytesPerStream, BUDGETS.bytesPerStream, ' B'),
  );

  const start = results.serverStart;
  verdicts.push(
    atMost('PGlite server: RSS after start', start?.rssAfterStartMiB, BUDGETS.rssMiB, ' MiB'),
  );
  verdicts.push(
    atMost(
      'PGlite server: RSS after the API bench',
      results.serverRssMiB?.pglite,
      BUDGETS.rssMiB,
      ' MiB',
    ),
  );
  verdicts.push(
    atMost(
      'PGlite server: start to first 200',
      start?.startExistingMs,
      BUDGETS.startExistingMs,
      ' ms',
    ),
  );
  verdicts.push(
    atMost(
      'Second npm start to first 200',
      start?.secondNpmStartMs,
      BUDGETS.secondNpmStartMs,
      ' ms',
    ),
  );

  return verdicts;
}
