-- The admin's leave for the other staff to edit the menu (issue 34): off until the admin turns it
-- on. Sold out and price stay every staff member's either way.
alter table store_settings add column staff_edit_menu boolean not null default false;
