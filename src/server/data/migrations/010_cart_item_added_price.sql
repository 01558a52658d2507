-- A cart line's unit price when it was added (cents), so the cart can say that a price changed
-- since, instead of charging the new one silently. Lines added before have none (null).
alter table cart_items add column added_unit_cents integer check (added_unit_cents >= 0);
