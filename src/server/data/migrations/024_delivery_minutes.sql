-- A delivery's chosen time is when it reaches the door (issue 44): the store's delivery time
-- comes off it for the kitchen's ready time. Each order keeps the delivery time it was placed
-- with, so a later change of the setting moves no promised time; null for a pickup, and for a
-- delivery placed before (its ready time was its chosen time).
alter table store_settings add column delivery_minutes integer not null default 20
  check (delivery_minutes between 0 and 240);
alter table orders add column delivery_minutes integer;
