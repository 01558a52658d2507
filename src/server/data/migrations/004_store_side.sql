-- The store's side (issue 9): cancelling after acceptance, the acceptance window's deadline on
-- each order, the durable log of an order's steps, pausing new orders, and the window's new
-- default. One statement per ";" at a line end (see migrate.ts).

-- An accepted order the store cannot finish after all is cancelled, with a reason.
alter table orders drop constraint if exists orders_status_check;
alter table orders add constraint orders_status_check
  check (status in ('pending', 'accepted', 'declined', 'ready', 'out-for-delivery', 'completed',
                    'cancelled'));
alter table orders add column cancel_reason text;

-- A scheduled order accepted without minutes is ready at its scheduled time, which may be days
-- away: the minutes until then are no longer capped at 240 (the staff's typed minutes still are,
-- by the API).
alter table orders drop constraint if exists orders_ready_minutes_check;
alter table orders add constraint orders_ready_minutes_check check (ready_minutes >= 1);

-- The window: a pending order not answered by `accept_by` is declined automatically.
alter table store_settings alter column acceptance_window_minutes set default 5;
update store_settings set acceptance_window_minutes = 5 where acceptance_window_minutes = 10;
alter table orders add column accept_by timestamptz;
-- Orders still waiting get the window now in force, counted from when they were placed.
update orders
   set accept_by = created_at + make_interval(mins => coalesce(
         (select acceptance_window_minutes from store_settings where id = 1), 5))
 where status = 'pending';
create index orders_accept_by_idx on orders (accept_by) where status = 'pending';

-- New orders paused (the store counts as closed) until this instant; null: not paused.
alter table store_settings add column pause_until timestamptz;

-- Every step of an order: what, when, who (null: automatic) and the step's minutes or reason.
-- Unlike order_events (pruned after EVENT_RETENTION_HOURS), steps are kept for good.
create table order_steps (
  id bigint generated always as identity primary key,
  order_id uuid not null references orders (id) on delete cascade,
  status text not null
    check (status in ('pending', 'accepted', 'declined', 'ready', 'out-for-delivery',
                      'completed', 'cancelled')),
  at timestamptz not null,
  by_user_id uuid references users (id) on delete set null,
  minutes integer,
  reason text
);
create index order_steps_order_idx on order_steps (order_id, id);

-- What the orders placed before this migration tell of their steps: placed (by the customer),
-- the store's answer, and the step they are at now (its time is the order's last change).
insert into order_steps (order_id, status, at, by_user_id)
  select id, 'pending', created_at, user_id from orders order by created_at, number;
insert into order_steps (order_id, status, at, minutes, reason)
  select id, case when decline_reason is not null then 'declined' else 'accepted' end,
         answered_at, ready_minutes, decline_reason
    from orders where answered_at is not null order by answered_at, number;
insert into order_steps (order_id, status, at)
  select id, status, updated_at from orders
   where status in ('ready', 'out-for-delivery', 'completed') order by updated_at, number;
