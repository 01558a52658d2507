-- Every write to what the catalogue and the store's status are built from says so on the
-- store_changed channel (events/store-broadcast.ts), whoever made it: the app, a second process,
-- a seed, an operator in psql. Each server process keeps those answers in memory
-- (catalogue/snapshot.ts) and drops them on this NOTIFY, delivered only if the write commits.
-- The payloads name the data ('menu-rows', 'store-rows'), not a storefront announcement: open
-- storefronts are told only by the app's own 'menu' and 'store' (announceStoreChange).
-- Per statement, not per row: one NOTIFY for a bulk update, and identical ones in a
-- transaction are folded into one by the database.
-- One statement per ";" at a line end (see migrate.ts): the function body stays on one line.

create function notify_store_data() returns trigger language plpgsql as $$ begin perform pg_notify('store_changed', tg_argv[0]); return null; end $$;

create trigger products_changed after insert or update or delete or truncate on products
  for each statement execute function notify_store_data('menu-rows');

create trigger toppings_changed after insert or update or delete or truncate on toppings
  for each statement execute function notify_store_data('menu-rows');

create trigger store_settings_changed after insert or update or delete or truncate on store_settings
  for each statement execute function notify_store_data('store-rows');
