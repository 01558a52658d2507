-- The reports read a range of orders by when they were placed, a page at a time in this order
-- (repositories/reports.ts): each page starts where the last ended instead of scanning them all.
create index orders_created_idx on orders (created_at, number);
