-- A missed order (declined because the acceptance window ran out: its declined step is by
-- nobody) stays on every staff tablet's banner until someone dismisses it, so the customer gets
-- a call. One dismissal per order: who and when.
create table missed_order_dismissals (
  order_id uuid primary key references orders (id) on delete cascade,
  at timestamptz not null,
  by_user_id uuid references users (id) on delete set null
);

-- Orders missed before the banner existed have had their evening: none of them raises one now.
insert into missed_order_dismissals (order_id, at)
  select distinct s.order_id, now() from order_steps s
   where s.status = 'declined' and s.by_user_id is null;
