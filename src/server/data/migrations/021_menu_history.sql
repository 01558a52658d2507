-- The menu's history (issue 34): who changed what and when. A trigger on every table the menu
-- is made of writes one row per row changed, whoever wrote it: the staff's screens, an import,
-- an operator in psql. The app names the writer and the time (its injectable clock) with two
-- transaction-local settings (`menuWritesBy` in data/menu-history.ts); a write without them is
-- kept with no author ("outside the app") at the database's time. Migrations and the seed set
-- app.menu_history to 'off': they are not the owner's changes.
-- Each row keeps the whole row before and after (less its place in the list: a reorder renumbers
-- a whole category and is not a change of the item), so the reader can say what changed in any
-- field, details included, without the trigger knowing the columns.
create table menu_changes (
  id bigserial primary key,
  at timestamptz not null,
  by_user_id uuid references users (id) on delete set null,
  -- The writer's name then: the history still says who after their account is gone.
  by_name text,
  -- The table: products, toppings or sold_out_flavours.
  subject text not null,
  -- The row's id (a flavour's name: that table has no id).
  subject_id text not null,
  before jsonb,
  after jsonb
);

create index menu_changes_at_idx on menu_changes (at);

create index menu_changes_subject_idx on menu_changes (subject_id, at);

-- One statement per ";" at a line end (see migrate.ts): the function body stays on one line.
create function record_menu_change() returns trigger language plpgsql as $$ declare author text := nullif(current_setting('app.menu_actor', true), ''); stamp text := nullif(current_setting('app.menu_at', true), ''); was jsonb := null; now_row jsonb := null; begin if current_setting('app.menu_history', true) = 'off' then return null; end if; if tg_op <> 'INSERT' then was := to_jsonb(old) - 'sort_order' - 'created_at'; end if; if tg_op <> 'DELETE' then now_row := to_jsonb(new) - 'sort_order' - 'created_at'; end if; if was = now_row then return null; end if; insert into menu_changes (at, by_user_id, by_name, subject, subject_id, before, after) values (coalesce(stamp::timestamptz, now()), author::uuid, (select name from users where id = author::uuid), tg_table_name, coalesce(now_row ->> 'id', was ->> 'id', now_row ->> 'name', was ->> 'name'), was, now_row); return null; end $$;

create trigger products_history after insert or update or delete on products
  for each row execute function record_menu_change();

create trigger toppings_history after insert or update or delete on toppings
  for each row execute function record_menu_change();

create trigger sold_out_flavours_history after insert or update or delete on sold_out_flavours
  for each row execute function record_menu_change();
