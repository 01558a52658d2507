import { describe, expect, it } from 'vitest';
import { BUDGETS, EXPECTED, checkBudgets, type BenchResults } from '../../scripts/bench/budgets';

/** Results that meet every budget exactly at its limit. */
function withinBudget(): BenchResults {
  return {
    api: EXPECTED.databases.flatMap((database) =>
      EXPECTED.apiRoutes.map((route) => ({
        database,
        route,
        ratio: BUDGETS.apiRatio,
        app: { p99ms: BUDGETS.apiP99Ms, errors: 0 },
        bare: { errors: 0 },
      })),
    ),
    firstView: {
      scriptTransferred: BUDGETS.homeScriptBytes,
      totalTransferred: BUDGETS.homeTotalBytes,
    },
    serverRssMiB: { pglite: BUDGETS.rssMiB, postgres: 900 },
    lighthouse: EXPECTED.lighthousePages.flatMap((page) =>
      EXPECTED.presets.map((preset) => ({
        page: page === 'Cart' ? 'Cart (1 line)' : page,
        preset,
        score: preset === 'mobile' ? BUDGETS.lighthouseMobileScore : BUDGETS.lighthouseDesktopScore,
        fcpMs: BUDGETS.fcpMs,
        lcpMs: BUDGETS.lcpMs,
        tbtMs: BUDGETS.tbtMs,
        cls: BUDGETS.cls,
      })),
    ),
    serverStart: {
      rssAfterStartMiB: BUDGETS.rssMiB,
      startExistingMs: BUDGETS.startExistingMs,
      secondNpmStartMs: BUDGETS.secondNpmStartMs,
    },
    orderPipeline: EXPECTED.databases.map((database) => ({
      database,
      ordersPerSecond: database === 'postgres' ? BUDGETS.ordersPerSecond : 1,
      placedToBoardMs: { p99: BUDGETS.notificationP99Ms },
      acceptedToCustomerMs: { p99: BUDGETS.notificationP99Ms },
      errors: 0,
    })),
    streams: { streams: BUDGETS.streams, bytesPerStream: BUDGETS.bytesPerStream },
  };
}

const failed = (results: BenchResults) =>
  checkBudgets(results)
    .filter((verdict) => !verdict.ok)
    .map((verdict) => verdict.budget);

describe('bench budgets', () => {
  it('hold when every figure is at its limit', () => {
    expect(failed(withinBudget())).toEqual([]);
  });

  it('fail each figure just past its limit, naming it', () => {
    const results = withinBudget();
    results.lighthouse![0]!.score = BUDGETS.lighthouseMobileScore - 1;
    results.lighthouse![1]!.cls = BUDGETS.cls + 0.001;
    results.api![0]!.ratio = BUDGETS.apiRatio - 0.01;
    results.api![1]!.app.p99ms = BUDGETS.apiP99Ms + 0.1;
    results.firstView = { scriptTransferred: BUDGETS.homeScriptBytes + 1, totalTransferred: 1 };
    results.orderPipeline![1]!.ordersPerSecond = BUDGETS.ordersPerSecond - 1;
    results.streams = { streams: BUDGETS.streams, bytesPerStream: BUDGETS.bytesPerStream + 1 };
    results.serverStart!.secondNpmStartMs = BUDGETS.secondNpmStartMs + 1;
    expect(failed(results)).toEqual([
      'Lighthouse mobile Home: score',
      'Lighthouse desktop Home: CLS',
      'Home first view: JavaScript transferred',
      'API pglite /api/store/status: × bare',
      'API pglite /api/products: p99',
      'Orders on Postgres: orders/s',
      'Streams: memory per stream',
      'Second npm start to first 200',
    ]);
  });

  it('fail what was not measured instead of passing it', () => {
    const results = withinBudget();
    results.lighthouse = results.lighthouse!.filter((row) => !row.page.startsWith('Cart'));
    results.api = results.api!.filter((row) => row.database !== 'postgres');
    delete results.streams;
    const verdicts = checkBudgets(results).filter((verdict) => !verdict.ok);
    expect(verdicts.every((verdict) => verdict.measured === 'not measured')).toBe(true);
    expect(verdicts.map((verdict) => verdict.budget)).toEqual(
      expect.arrayContaining([
        'Lighthouse mobile Cart: score',
        'Lighthouse desktop Cart: CLS',
        'API postgres /api/toppings: × bare',
        'Streams on one process',
      ]),
    );
    expect(verdicts).toHaveLength(5 + 2 + 4 * 3 + 2);
  });

  it('count errors during a measurement as a broken budget', () => {
    const results = withinBudget();
    results.orderPipeline![0]!.errors = 2;
    expect(failed(results)).toEqual(['Orders on pglite: errors']);
  });
});
