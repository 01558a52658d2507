-- A flavour the store has run out of ("out of Honey Garlic sauce"): sold out on every product
-- that offers it (wings, the combos' wings, panzerotti), so it is kept by name, not per product.
-- A row is a flavour sold out; none is the usual evening. The flavours themselves are the
-- products' details (wingsFlavors, Flavors).
create table sold_out_flavours (
  name text primary key
);

-- The catalogue snapshot is forgotten on this write like on a topping's (migration 006).
create trigger sold_out_flavours_changed after insert or update or delete or truncate on sold_out_flavours
  for each statement execute function notify_store_data('menu-rows');
