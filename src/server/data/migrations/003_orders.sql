-- Orders (a snapshot of a completed cart), their lines, and the event log the live streams
-- read. Money is integer cents. One statement per ";" at a line end (see migrate.ts).

-- Lead times by delivery type: `lead_time_minutes` stays the pickup lead, delivery gets its own.
alter table store_settings
  add column delivery_lead_time_minutes integer not null default 45
    check (delivery_lead_time_minutes >= 0);

-- When the customer pressed Confirm Order at checkout (null until then).
alter table carts add column confirmed_at timestamptz;

create table orders (
  id uuid primary key default gen_random_uuid(),
  -- The short number the customer and the kitchen say out loud.
  number bigint generated always as identity unique,
  user_id uuid not null references users (id) on delete cascade,
  -- A cart completes once: a second complete-order finds this row and makes no order.
  cart_id uuid not null unique references carts (id),
  -- Same key twice from one user (double click, retry) answers the first order.
  idempotency_key text,
  status text not null default 'pending'
    check (status in ('pending', 'accepted', 'declined', 'ready', 'out-for-delivery', 'completed')),
  delivery_type text not null check (delivery_type in ('pickup', 'delivery')),
  payment_option text not null check (payment_option in ('pickup', 'cash')),
  customer_name text not null,
  contact_phone text not null,
  contact_address text,
  scheduled_time timestamptz,
  instructions text not null default '',
  subtotal_cents integer not null check (subtotal_cents >= 0),
  hst_cents integer not null check (hst_cents >= 0),
  tip_percent integer not null check (tip_percent >= 0),
  tip_cents integer not null check (tip_cents >= 0),
  delivery_fee_cents integer not null check (delivery_fee_cents >= 0),
  total_cents integer not null check (total_cents >= 0),
  -- The store's answer: minutes until ready (accept) or the reason (decline).
  ready_minutes integer check (ready_minutes between 1 and 240),
  ready_at timestamptz,
  decline_reason text,
  answered_at timestamptz,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now()
);

create unique index orders_idempotency_key on orders (user_id, idempotency_key)
  where idempotency_key is not null;
create index orders_user_idx on orders (user_id, created_at desc);
create index orders_status_idx on orders (status, created_at);

-- A line as it was when the order was placed: the product may change or go later.
create table order_items (
  id uuid primary key default gen_random_uuid(),
  order_id uuid not null references orders (id) on delete cascade,
  position integer not null,
  product_id uuid references products (id) on delete set null,
  name text not null,
  image text not null,
  category text not null,
  -- The validated options, as the cart kept them (size, flavor, sides, drinks, toppings).
  selection jsonb not null default '{}'::jsonb,
  -- The options in words, for the kitchen ticket and My Orders.
  description text not null default '',
  quantity integer not null check (quantity between 1 and 99),
  unit_price_cents integer not null check (unit_price_cents >= 0),
  total_cents integer not null check (total_cents >= 0),
  unique (order_id, position)
);

-- Every change of an order, written in the same transaction as the change. The id is the
-- streams' event id (SSE `id:`, `Last-Event-ID`). Writers take one advisory lock before the
-- insert, so ids commit in increasing order and "everything after id N" never skips a row
-- that committed late (see repositories/order-events.ts).
create table order_events (
  id bigint generated always as identity primary key,
  order_id uuid not null references orders (id) on delete cascade,
  user_id uuid not null references users (id) on delete cascade,
  type text not null,
  payload jsonb not null default '{}'::jsonb,
  created_at timestamptz not null default now()
);

create index order_events_user_idx on order_events (user_id, id);
create index order_events_created_idx on order_events (created_at);
