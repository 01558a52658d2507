-- The whole first schema: catalogue, store profile, accounts, contacts and carts.
-- Money is integer cents. One statement per ";" at a line end (see migrate.ts).

create table products (
  id uuid primary key default gen_random_uuid(),
  -- Stable key of a seeded item, so seeding again never duplicates it.
  slug text not null unique,
  name text not null,
  category text not null,
  image text not null,
  price_cents integer not null check (price_cents >= 0),
  description text not null default '',
  details jsonb not null default '{}'::jsonb,
  sold_out boolean not null default false,
  sort_order integer not null default 0,
  created_at timestamptz not null default now()
);

create index products_category_idx on products (category, sort_order);

create table toppings (
  id uuid primary key default gen_random_uuid(),
  name text not null unique,
  sort_order integer not null default 0,
  sold_out boolean not null default false
);

-- Exactly one row: the store's profile and controls.
create table store_settings (
  id smallint primary key default 1 check (id = 1),
  name text not null,
  phone text not null,
  pickup_address text not null,
  open_mode text not null default 'auto' check (open_mode in ('auto', 'open', 'closed')),
  weekly_hours jsonb not null,
  delivery_fee_cents integer not null check (delivery_fee_cents >= 0),
  acceptance_window_minutes integer not null default 10 check (acceptance_window_minutes > 0),
  lead_time_minutes integer not null default 20 check (lead_time_minutes >= 0),
  updated_at timestamptz not null default now()
);

create table users (
  id uuid primary key default gen_random_uuid(),
  name text not null,
  email text not null,
  -- Null for accounts created through social sign-in only.
  password_hash text,
  google_subject text unique,
  role text not null default 'customer' check (role in ('customer', 'staff', 'admin')),
  created_at timestamptz not null default now()
);

create unique index users_email_key on users (lower(email));

create table sessions (
  -- SHA-256 of the cookie's token: a leaked table cannot be replayed as cookies.
  token_hash text primary key,
  user_id uuid not null references users (id) on delete cascade,
  created_at timestamptz not null default now(),
  expires_at timestamptz not null
);

create index sessions_user_idx on sessions (user_id);

create table contacts (
  id uuid primary key default gen_random_uuid(),
  user_id uuid not null references users (id) on delete cascade,
  phone text not null,
  address text not null,
  is_default boolean not null default false,
  created_at timestamptz not null default now()
);

create index contacts_user_idx on contacts (user_id, created_at);

-- At most one default contact per user, enforced by the database.
create unique index contacts_one_default on contacts (user_id) where is_default;

create table carts (
  id uuid primary key default gen_random_uuid(),
  user_id uuid not null references users (id) on delete cascade,
  status text not null default 'active' check (status in ('active', 'completed')),
  tip_percent integer not null default 5 check (tip_percent >= 0 and tip_percent <= 100),
  delivery_type text check (delivery_type in ('pickup', 'delivery')),
  contact_phone text,
  contact_address text,
  scheduled_time timestamptz,
  instructions text,
  delivery_fee_cents integer not null default 0 check (delivery_fee_cents >= 0),
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now()
);

-- One active cart per user; a completed cart stays as the order's source.
create unique index carts_one_active on carts (user_id) where status = 'active';

create table cart_items (
  id uuid primary key default gen_random_uuid(),
  cart_id uuid not null references carts (id) on delete cascade,
  product_id uuid not null references products (id),
  -- The validated options: size, flavor, wingsFlavor, sides, drinks, toppings (per pizza).
  selection jsonb not null default '{}'::jsonb,
  quantity integer not null check (quantity between 1 and 99),
  created_at timestamptz not null default now()
);

create index cart_items_cart_idx on cart_items (cart_id, created_at);
