-- The seed fills an empty database once (decision 4): this row says it has, so a seeded product
-- or topping the owner deleted stays deleted at the next start. The seed inserts it in the same
-- transaction as the menu, `on conflict do nothing`, so of two processes starting together on one
-- Postgres only the first seeds; the other waits on the key and finds the row.
create table menu_seeded (
  id smallint primary key default 1 check (id = 1),
  seeded_at timestamptz not null default now()
);

-- A database that already holds products was seeded before this row existed: the menu in it is
-- the owner's now, whatever it is missing.
insert into menu_seeded (id) select 1 where exists (select 1 from products);
