-- A product or topping the store retires is hidden, not deleted: orders and carts still refer to
-- it, and showing it again is one switch (issue 34). The storefront leaves hidden rows out; the
-- staff's lists show them. The NOTIFY triggers of migration 006 already cover both tables.
alter table products add column hidden boolean not null default false;

alter table toppings add column hidden boolean not null default false;
