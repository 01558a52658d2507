import type { Queryable } from '../../src/server/data/db';
import type { ServerProcess } from '../support/server-process';
import { Client, registerCustomer, uniqueEmail } from './http';

/**
 * A burst of concurrent writes against a server process that is SIGKILLed in the middle of it,
 * and the ledger of every write the burst sent, checked afterwards against the database.
 *
 * Each write ends in one of three ways: `acked` (a 2xx reached the client: the server said it is
 * done, so it must be there exactly once), `refused` (another answer: it must not be there), or
 * `unknown` (no answer, the process died under it: it may be there or not, but only whole).
 *
 * Three kinds of simulated customer write at once:
 * - newcomers registering (an account with two contacts and a session, one transaction);
 * - shoppers filling a cart, one line at a time, each line a product of its own with a
 *   quantity of its own, so a line written twice or half would show;
 * - customers ordering again and again: a line or two, Confirm Order, complete-order.
 */

export type Outcome = 'acked' | 'refused' | 'unknown';

interface Attempt {
  outcome: Outcome;
  status?: number;
}

export interface RegistrationAttempt extends Attempt {
  email: string;
}

export interface LineAttempt extends Attempt {
  productId: string;
  quantity: number;
  /** Which of its customer's carts it went to (1, 2, ...: each order starts the next). */
  cart: number;
}

export interface ConfirmAttempt extends Attempt {
  cart: number;
}

export interface OrderAttempt extends Attempt {
  cart: number;
  orderId: string | null;
}

export interface Shopper {
  userId: string;
  /** Its session, so the check can also look as the customer does (the API). */
  cookie: string;
  lines: LineAttempt[];
}

export interface Orderer {
  userId: string;
  cookie: string;
  lines: LineAttempt[];
  confirms: ConfirmAttempt[];
  orders: OrderAttempt[];
}

/** Every write of every round, so each check covers all the kills so far. */
export interface Ledger {
  registrations: RegistrationAttempt[];
  shoppers: Shopper[];
  orderers: Orderer[];
}

export const emptyLedger = (): Ledger => ({ registrations: [], shoppers: [], orderers: [] });

export interface LoadOptions {
  products: readonly string[];
  newcomers: number;
  shoppers: number;
  orderers: number;
  /** Checked before every write: true ends the load. */
  stopped(): boolean;
  /** After each acknowledgement, with the counts so far. */
  onAck?(counts: { acked: number; inFlight: number }): void;
  /**
   * Answers that say nothing about whether the write happened: a 503 when the database was lost
   * under it may come after its COMMIT reached the server. Such a write counts as unanswered.
   */
  unknownStatuses?: readonly number[];
  /**
   * After a write that was not acknowledged, start again with a new customer (the load goes on
   * through a fault) instead of stopping that customer's part of the load (a kill ends it all).
   */
  carryOn?: boolean;
  /** Kept up to date while the load runs: how many of its writes are in flight right now. */
  live?: { inFlight: number };
  /** Signed-in customers for the first shoppers and orderers (registered beforehand). */
  customers?: { client: Client; userId: string }[];
}

export interface LoadResult {
  acked: number;
  /** Answered, but not with a 2xx (and not an `unknownStatuses` one). */
  refused: number;
  /** Sent and never answered, or answered with an `unknownStatuses` status. */
  unknown: number;
  /** Of those, never answered at all (the connection failed or was cut). */
  noAnswer: number;
  /** Every answer that was not a 2xx, for a test to judge (e.g. only clean 503s). */
  failures: { status: number; body: unknown }[];
}

const CONTACTS = [
  { phone: '519-555-0101', address: '1 Gordon St, Guelph, ON', isDefault: true },
  { phone: '519-555-0102', address: '2 Gordon St, Guelph, ON', isDefault: false },
];

function shuffled<T>(items: readonly T[]): T[] {
  const copy = [...items];
  for (let i = copy.length - 1; i > 0; i--) {
    const j = Math.floor(Math.random() * (i + 1));
    [copy[i], copy[j]] = [copy[j]!, copy[i]!];
  }
  return copy;
}

const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** Registered and signed in before a burst, so the burst itself is all writes under test. */
export async function registerCustomers(base: string, count: number) {
  return Promise.all(
    Array.from({ length: count }, async () => {
      const client = new Client(base);
      return { client, userId: await registerCustomer(client) };
    }),
  );
}

/**
 * Concurrent writes against the server at `base`, each filed in `ledger` with its outcome, until
 * `stopped()`. Resolves once every request it sent has settled, answered or failed.
 */
export async function runLoad(
  base: string,
  ledger: Ledger,
  options: LoadOptions,
): Promise<LoadResult> {
  const result: LoadResult = { acked: 0, refused: 0, unknown: 0, noAnswer: 0, failures: [] };
  const unknownStatuses = new Set(options.unknownStatuses ?? []);
  const prepared = [...(options.customers ?? [])];
  const live = options.live ?? { inFlight: 0 };

  /** Sends one write and files its outcome; resolves whether it was acknowledged. */
  const write = async <Body>(
    attempt: Attempt,
    send: () => Promise<{ status: number; body: Body }>,
    onAck?: (body: Body) => void,
  ): Promise<boolean> => {
    live.inFlight++;
    try {
      const answer = await send();
      attempt.status = answer.status;
      if (answer.status >= 200 && answer.status < 300) {
        attempt.outcome = 'acked';
        onAck?.(answer.body);
        result.acked++;
        // This write is answered: what is still in flight is everyone else's.
        options.onAck?.({ acked: result.acked, inFlight: live.inFlight - 1 });
        return true;
      }
      result.failures.push({ status: answer.status, body: answer.body });
      if (unknownStatuses.has(answer.status)) {
        result.unknown++;
      } else {
        attempt.outcome = 'refused';
        result.refused++;
      }
      return false;
    } catch {
      // No answer: the outcome stays unknown.
      result.unknown++;
      result.noAnswer++;
      return false;
    } finally {
      live.inFlight--;
    }
  };

  /** A new account with two contacts (and its session), filed like any write. */
  const register = async (client: Client): Promise<string | null> => {
    const attempt: RegistrationAttempt = { email: uniqueEmail('newcomer'), outcome: 'unknown' };
    ledger.registrations.push(attempt);
    let userId: string | null = null;
    await write<{ user?: { _id: string } }>(
      attempt,
      () =>
        client.send('POST', '/api/auth/register', {
          name: 'Fault Newcomer',
          email: attempt.email,
          password: 'faults newcomer password',
          contacts: CONTACTS,
        }),
      (body) => {
        userId = body.user?._id ?? null;
      },
    );
    return userId;
  };

  /** The next customer: a prepared one, else one registered now (again after a failure). */
  const customer = async (): Promise<{ client: Client; userId: string } | null> => {
    const ready = prepared.shift();
    if (ready) return ready;
    while (!options.stopped()) {
      const client = new Client(base);
      const userId = await register(client);
      if (userId) return { client, userId };
      if (!options.carryOn) return null;
      await pause(100);
    }
    return null;
  };

  /** Runs `part` with customer after customer while the load lasts. */
  const repeat = async (part: (client: Client, userId: string) => Promise<void>) => {
    do {
      const next = await customer();
      if (!next) return;
      await part(next.client, next.userId);
      if (options.carryOn) await pause(100);
    } while (options.carryOn && !options.stopped());
  };

  const newcomer = async () => {
    while (!options.stopped()) {
      if (!(await register(new Client(base))) && !options.carryOn) return;
    }
  };

  const shop = async (client: Client, userId: string) => {
    const shopper: Shopper = { userId, cookie: client.cookie, lines: [] };
    ledger.shoppers.push(shopper);
    // Each line a product of its own: adding one already in the cart would merge into it.
    for (const [index, productId] of shuffled(options.products).slice(0, 15).entries()) {
      if (options.stopped()) return;
      const line: LineAttempt = {
        productId,
        quantity: 1 + (index % 3),
        cart: 1,
        outcome: 'unknown',
      };
      shopper.lines.push(line);
      const ok = await write(line, () =>
        client.send('POST', '/api/cart', { userId, productId, quantity: line.quantity }),
      );
      if (!ok) return;
    }
  };

  const order = async (client: Client, userId: string) => {
    const orderer: Orderer = { userId, cookie: client.cookie, lines: [], confirms: [], orders: [] };
    ledger.orderers.push(orderer);
    for (let cart = 1; !options.stopped(); cart++) {
      const count = 1 + Math.floor(Math.random() * 2);
      for (const [index, productId] of shuffled(options.products).slice(0, count).entries()) {
        if (options.stopped()) return;
        const line: LineAttempt = { productId, quantity: 1 + index, cart, outcome: 'unknown' };
        orderer.lines.push(line);
        const ok = await write(line, () =>
          client.send('POST', '/api/cart', { userId, productId, quantity: line.quantity }),
        );
        if (!ok) return;
      }
      if (options.stopped()) return;
      const confirm: ConfirmAttempt = { cart, outcome: 'unknown' };
      orderer.confirms.push(confirm);
      const confirmed = await write(confirm, () =>
        client.send('POST', '/api/cart/confirm', {
          userId,
          deliveryType: 'pickup',
          contactInfo: { phone: '519-555-0100', address: '' },
          scheduledTime: null,
          instructions: '',
        }),
      );
      if (!confirmed || options.stopped()) return;
      const placed: OrderAttempt = { cart, orderId: null, outcome: 'unknown' };
      orderer.orders.push(placed);
      const ok = await write<{ order?: { _id: string } }>(
        placed,
        () =>
          client.send('POST', '/api/orders/complete-order', {
            userId,
            paymentIntentId: null,
            paymentOption: 'pickup',
          }),
        (body) => {
          placed.orderId = body.order?._id ?? null;
        },
      );
      if (!ok) return;
    }
  };

  await Promise.all([
    ...Array.from({ length: options.newcomers }, newcomer),
    ...Array.from({ length: options.shoppers }, () => repeat(shop)),
    ...Array.from({ length: options.orderers }, () => repeat(order)),
  ]);
  return result;
}

export interface BurstOptions {
  products: readonly string[];
  /** Kill once this many writes of this round have been acknowledged... */
  killAfterAcks: number;
  /** ...and at least this many are in flight (sent, not answered). */
  minInFlight: number;
  newcomers: number;
  shoppers: number;
  orderers: number;
}

export interface BurstRound extends LoadResult {
  inFlightAtKill: number;
  /** Milliseconds from the first write to the kill. */
  killedAfterMs: number;
}

/**
 * Registers this round's shoppers and orderers (before the burst: their setup is not what is
 * tested), then runs the burst and SIGKILLs the server in the middle of it: once enough writes
 * were acknowledged, while others are in flight.
 */
export async function burstUntilKilled(
  server: ServerProcess,
  ledger: Ledger,
  options: BurstOptions,
): Promise<BurstRound> {
  const customers = await registerCustomers(server.base, options.shoppers + options.orderers);
  let killed = false;
  let inFlightAtKill = 0;
  const started = performance.now();
  let killedAfterMs = 0;
  const live = { inFlight: 0 };
  let done: () => void = () => undefined;
  const killedNow = new Promise<void>((resolve) => (done = resolve));
  let decided = false;
  const kill = (jitterMs = 0) => {
    if (decided) return;
    decided = true;
    // A moment later than the acknowledgement that tipped it, the load going on meanwhile: the
    // server is then anywhere in its work, not always just starting on the next request.
    setTimeout(() => {
      killed = true;
      inFlightAtKill = live.inFlight;
      killedAfterMs = Math.round(performance.now() - started);
      server.kill('SIGKILL');
      done();
    }, jitterMs);
  };
  // If the acknowledgements never reach the mark (a server far slower than expected), kill anyway:
  // the check afterwards is just as valid, only with fewer writes in it.
  const backstop = setTimeout(() => kill(), 30_000);
  try {
    const load = await runLoad(server.base, ledger, {
      ...options,
      customers,
      live,
      stopped: () => killed,
      onAck: ({ acked, inFlight }) => {
        if (acked >= options.killAfterAcks && inFlight >= options.minInFlight) {
          kill(Math.random() * 40);
        }
      },
    });
    // Every part stopped: a shopper out of products ends early, the others at the kill.
    kill();
    await killedNow;
    return { ...load, inFlightAtKill, killedAfterMs };
  } finally {
    clearTimeout(backstop);
  }
}

export interface Verdict {
  /** Acknowledged writes looked for. */
  checked: number;
  /** Acknowledged writes not found (must be 0). */
  lost: string[];
  /** Anything else wrong: doubled, half-written, refused yet present, totals off (must be 0). */
  problems: string[];
  /** Writes without an answer, found whole / not found (either is right). */
  unknownPresent: number;
  unknownAbsent: number;
}

interface CartRow {
  user_id: string;
  cart_id: string;
  status: string;
  confirmed: boolean;
  product_id: string | null;
  quantity: number | null;
  selection_ok: boolean | null;
}

interface OrderRow {
  id: string;
  user_id: string;
  cart_id: string;
}

interface OrderItemRow {
  order_id: string;
  product_id: string | null;
  quantity: number;
}

/** Whole-database rules that hold for every order whatever the ledger says. */
const INVARIANTS: { name: string; sql: string }[] = [
  {
    name: 'an order without items',
    sql: `select o.id::text as id from orders o
           where not exists (select 1 from order_items i where i.order_id = o.id)`,
  },
  {
    name: "an order whose items' positions, sum or total do not add up",
    sql: `select o.id::text as id from orders o
            join lateral (select coalesce(sum(total_cents), 0) as sum, count(*) as n,
                                 min(position) as first, max(position) as last
                            from order_items where order_id = o.id) i on true
           where i.sum <> o.subtotal_cents
              or o.total_cents <> o.subtotal_cents + o.hst_cents + o.tip_cents + o.delivery_fee_cents
              or i.first <> 0 or i.last <> i.n - 1`,
  },
  {
    name: 'an order item whose total is not its unit price times its quantity',
    sql: `select id::text as id from order_items where total_cents <> unit_price_cents * quantity`,
  },
  {
    name: 'an order without exactly one order-created event',
    sql: `select o.id::text as id from orders o
           where (select count(*) from order_events e
                   where e.order_id = o.id and e.type = 'order-created') <> 1`,
  },
  {
    name: 'an order without its placed (pending) step',
    sql: `select o.id::text as id from orders o
           where not exists (select 1 from order_steps s
                              where s.order_id = o.id and s.status = 'pending')`,
  },
  {
    name: 'an order whose cart is not completed and confirmed',
    sql: `select o.id::text as id from orders o join carts c on c.id = o.cart_id
           where c.status <> 'completed' or c.confirmed_at is null`,
  },
  {
    name: 'a completed cart without its order',
    sql: `select c.id::text as id from carts c
           where c.status = 'completed' and not exists (select 1 from orders o where o.cart_id = c.id)`,
  },
  {
    name: 'a cart line that is not whole (quantity out of range, selection not an object)',
    sql: `select id::text as id from cart_items
           where quantity not between 1 and 99 or jsonb_typeof(selection) <> 'object'`,
  },
];

function groupBy<T>(items: readonly T[], key: (item: T) => string): Map<string, T[]> {
  const groups = new Map<string, T[]>();
  for (const item of items) {
    const k = key(item);
    groups.set(k, [...(groups.get(k) ?? []), item]);
  }
  return groups;
}

const sameLines = (
  got: readonly { productId: string | null; quantity: number }[],
  want: readonly { productId: string; quantity: number }[],
) => {
  const key = (line: { productId: string | null; quantity: number }) =>
    `${line.productId ?? '?'}×${line.quantity}`;
  return JSON.stringify(got.map(key).sort()) === JSON.stringify(want.map(key).sort());
};

/** Checks the database against the ledger (and the whole-database rules). */
export async function checkLedger(db: Queryable, ledger: Ledger): Promise<Verdict> {
  const verdict: Verdict = {
    checked: 0,
    lost: [],
    problems: [],
    unknownPresent: 0,
    unknownAbsent: 0,
  };
  const { lost, problems } = verdict;

  for (const rule of INVARIANTS) {
    const rows = await db.query<{ id: string }>(rule.sql);
    for (const row of rows) problems.push(`${rule.name}: ${row.id}`);
  }

  // Registrations: an account is whole (password, both contacts, a session) or not there.
  const emails = ledger.registrations.map((attempt) => attempt.email.toLowerCase());
  const accounts = await db.query<{
    email: string;
    has_password: boolean;
    contacts: number;
    sessions: number;
  }>(
    `select lower(u.email) as email, u.password_hash is not null as has_password,
            (select count(*) from contacts c where c.user_id = u.id)::int as contacts,
            (select count(*) from sessions s where s.user_id = u.id)::int as sessions
       from users u where lower(u.email) = any($1::text[])`,
    [emails],
  );
  const byEmail = groupBy(accounts, (account) => account.email);
  for (const attempt of ledger.registrations) {
    const found = byEmail.get(attempt.email.toLowerCase()) ?? [];
    const whole = found.every(
      (account) =>
        account.has_password && account.contacts === CONTACTS.length && account.sessions >= 1,
    );
    if (!whole)
      problems.push(`registration ${attempt.email} half-written: ${JSON.stringify(found)}`);
    if (found.length > 1)
      problems.push(`registration ${attempt.email} present ${found.length} times`);
    if (attempt.outcome === 'acked') {
      verdict.checked++;
      if (found.length === 0) lost.push(`registration ${attempt.email}`);
    } else if (attempt.outcome === 'refused') {
      if (found.length > 0) problems.push(`refused registration ${attempt.email} present`);
    } else if (found.length > 0) verdict.unknownPresent++;
    else verdict.unknownAbsent++;
  }

  const userIds = [...ledger.shoppers, ...ledger.orderers].map((customer) => customer.userId);
  const cartRows = await db.query<CartRow>(
    `select c.user_id::text as user_id, c.id::text as cart_id, c.status,
            c.confirmed_at is not null as confirmed, i.product_id::text as product_id,
            i.quantity, jsonb_typeof(i.selection) = 'object' as selection_ok
       from carts c left join cart_items i on i.cart_id = c.id
      where c.user_id = any($1::uuid[])`,
    [userIds],
  );
  const activeLines = new Map<string, CartRow[]>();
  const activeCarts = new Map<string, CartRow>();
  for (const row of cartRows) {
    if (row.status !== 'active') continue;
    activeCarts.set(row.user_id, row);
    if (row.product_id !== null) {
      activeLines.set(row.user_id, [...(activeLines.get(row.user_id) ?? []), row]);
    }
  }

  /** A line attempt against the lines found for it (in one cart). */
  const checkLine = (who: string, line: LineAttempt, found: readonly CartRow[]) => {
    const mine = found.filter((row) => row.product_id === line.productId);
    if (mine.length > 1)
      problems.push(`${who}: line ${line.productId} present ${mine.length} times`);
    const row = mine[0];
    if (row && (row.quantity !== line.quantity || row.selection_ok !== true)) {
      problems.push(`${who}: line ${line.productId} not as written: ${JSON.stringify(row)}`);
    }
    if (line.outcome === 'acked') {
      verdict.checked++;
      if (!row) lost.push(`${who}: acknowledged line ${line.productId}`);
    } else if (line.outcome === 'refused') {
      if (row) problems.push(`${who}: refused line ${line.productId} present`);
    } else if (row) verdict.unknownPresent++;
    else verdict.unknownAbsent++;
  };

  for (const shopper of ledger.shoppers) {
    const who = `shopper ${shopper.userId}`;
    const found = activeLines.get(shopper.userId) ?? [];
    for (const line of shopper.lines) checkLine(who, line, found);
    for (const row of found) {
      if (!shopper.lines.some((line) => line.productId === row.product_id)) {
        problems.push(`${who}: a line nobody sent: ${row.product_id ?? '?'}`);
      }
    }
  }

  const orderRows = await db.query<OrderRow>(
    `select id::text as id, user_id::text as user_id, cart_id::text as cart_id
       from orders where user_id = any($1::uuid[])`,
    [ledger.orderers.map((orderer) => orderer.userId)],
  );
  const itemRows = await db.query<OrderItemRow>(
    `select order_id::text as order_id, product_id::text as product_id, quantity
       from order_items where order_id = any($1::uuid[])`,
    [orderRows.map((row) => row.id)],
  );
  const ordersOf = groupBy(orderRows, (row) => row.user_id);
  const itemsOf = groupBy(itemRows, (row) => row.order_id);

  for (const orderer of ledger.orderers) {
    const who = `orderer ${orderer.userId}`;
    const orders = ordersOf.get(orderer.userId) ?? [];
    const linesOf = (cart: number) => orderer.lines.filter((line) => line.cart === cart);
    const sentLines = (cart: number) =>
      linesOf(cart).map((line) => ({ productId: line.productId, quantity: line.quantity }));
    const accounted = new Set<string>();

    for (const attempt of orderer.orders) {
      if (attempt.outcome === 'acked') {
        verdict.checked++;
        const order = orders.find((row) => row.id === attempt.orderId);
        if (!order) {
          lost.push(`${who}: acknowledged order ${attempt.orderId ?? '(no id in the answer)'}`);
          continue;
        }
        accounted.add(order.id);
        // Its lines were each acknowledged before Confirm Order: the order holds exactly them.
        const items = (itemsOf.get(order.id) ?? []).map((item) => ({
          productId: item.product_id,
          quantity: item.quantity,
        }));
        if (!sameLines(items, sentLines(attempt.cart))) {
          problems.push(`${who}: order ${order.id} holds ${JSON.stringify(items)}`);
        }
        const confirm = orderer.confirms.find((c) => c.cart === attempt.cart);
        if (confirm?.outcome === 'acked') verdict.checked++;
        for (const line of linesOf(attempt.cart)) if (line.outcome === 'acked') verdict.checked++;
      }
    }

    // What the kill caught this customer doing: its last cart.
    const last = orderer.lines.at(-1)?.cart ?? 0;
    const lastOrder = orderer.orders.find((attempt) => attempt.cart === last);
    const others = orders.filter((row) => !accounted.has(row.id));
    if (lastOrder?.outcome === 'acked' || last === 0) {
      if (others.length > 0)
        problems.push(`${who}: orders nobody placed: ${JSON.stringify(others)}`);
      if (activeLines.has(orderer.userId)) problems.push(`${who}: cart lines nobody sent`);
      continue;
    }
    // The last cart became an order (complete-order committed, its answer lost) or it is still
    // the active cart, whole: never both, never a part of it.
    const active = activeLines.get(orderer.userId) ?? [];
    if (others.length > 1) problems.push(`${who}: ${others.length} orders for one cart`);
    const placed = others[0];
    if (placed) {
      if (lastOrder?.outcome !== 'unknown') {
        problems.push(`${who}: an order for a cart whose complete-order was not sent or refused`);
      }
      verdict.unknownPresent++;
      const items = (itemsOf.get(placed.id) ?? []).map((item) => ({
        productId: item.product_id,
        quantity: item.quantity,
      }));
      if (!sameLines(items, sentLines(last))) {
        problems.push(`${who}: unanswered order ${placed.id} holds ${JSON.stringify(items)}`);
      }
      if (active.length > 0) problems.push(`${who}: cart lines left beside the order placed`);
      for (const line of linesOf(last)) if (line.outcome === 'acked') verdict.checked++;
      // Its Confirm Order: the order's cart is confirmed (the whole-database rules).
      if (orderer.confirms.find((c) => c.cart === last)?.outcome === 'acked') verdict.checked++;
      continue;
    }
    if (lastOrder?.outcome === 'unknown') verdict.unknownAbsent++;
    for (const line of linesOf(last)) checkLine(who, line, active);
    for (const row of active) {
      if (!linesOf(last).some((line) => line.productId === row.product_id)) {
        problems.push(`${who}: a line nobody sent: ${row.product_id ?? '?'}`);
      }
    }
    const confirm = orderer.confirms.find((c) => c.cart === last);
    const cart = activeCarts.get(orderer.userId);
    if (confirm?.outcome === 'acked') {
      verdict.checked++;
      if (!cart?.confirmed) lost.push(`${who}: acknowledged Confirm Order of its cart`);
    } else if (confirm?.outcome === 'unknown') {
      if (cart?.confirmed) verdict.unknownPresent++;
      else verdict.unknownAbsent++;
    }
  }
  return verdict;
}

/**
 * What the customers see after the restart: My Orders lists every acknowledged order, and a
 * shopper's cart every acknowledged line. Returns what is missing.
 */
export async function missingThroughApi(base: string, ledger: Ledger): Promise<string[]> {
  const missing: string[] = [];
  for (const orderer of ledger.orderers) {
    const client = new Client(base);
    client.cookie = orderer.cookie;
    const orders = await client.ok<{ _id: string }[]>('GET', `/api/orders/${orderer.userId}`);
    const ids = new Set(orders.map((order) => order._id));
    for (const attempt of orderer.orders) {
      if (attempt.outcome === 'acked' && !ids.has(attempt.orderId ?? '')) {
        missing.push(`My Orders of ${orderer.userId} without ${attempt.orderId ?? '?'}`);
      }
    }
  }
  for (const shopper of ledger.shoppers) {
    const client = new Client(base);
    client.cookie = shopper.cookie;
    const items = await client.ok<{ productId: { _id: string }; quantity: number }[]>(
      'GET',
      `/api/cart?userId=${shopper.userId}`,
    );
    for (const line of shopper.lines) {
      const shown = items.some(
        (item) => item.productId._id === line.productId && item.quantity === line.quantity,
      );
      if (line.outcome === 'acked' && !shown) {
        missing.push(`the cart of ${shopper.userId} without ${line.productId}`);
      }
    }
  }
  return missing;
}
