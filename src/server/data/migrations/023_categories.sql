-- The categories become the store's (issue 34, decision 17): a table the owner edits (title,
-- order on Home, card picture, hidden, the special offer, availability windows), each naming the
-- kind of its products, which stays the engine's (domain/catalog.ts KINDS). Products keep their
-- `category` text, the id the spec's wire speaks ("Wings", "TwoforOneDeals"); it now refers here.
-- `segment` is the category's route (`/category/{segment}`, `/{segment}/{id}`): the spec's
-- "category lowercased", so it is never changed either and links people saved keep working. `image` null: the card shows the first
-- product's picture. `added`/`failed`: the spec's alerts when an item is added (section 8).
-- The ten rows are the categories the code held until now, with the same words.
create table categories (
  id text primary key check (id ~ '^[A-Za-z0-9]+$'),
  kind text not null check (kind in ('pizza-deal', 'wings-combo', 'wings', 'panzerotti', 'simple', 'beverages')),
  segment text not null unique check (segment = lower(id)),
  title text not null check (length(title) between 1 and 60),
  sort_order integer not null default 0,
  hidden boolean not null default false,
  offer boolean not null default false,
  image text,
  added text not null,
  failed text not null,
  available_at jsonb,
  created_at timestamptz not null default now()
);

-- At most one category is the sidebar's special offer.
create unique index categories_one_offer on categories (offer) where offer;

insert into categories (id, kind, segment, title, sort_order, offer, added, failed) values
  ('Wings', 'wings', 'wings', 'Wings', 0, false, 'Wing order added to cart!', 'Failed to add to cart.'),
  ('Combos', 'wings-combo', 'combos', 'Pizza & Wings Combos', 1, false, 'Item added to cart!', 'Failed to add item to cart.'),
  ('FamilyCombos', 'wings-combo', 'familycombos', 'Family Combos', 2, false, 'Family combo added to cart!', 'Failed to add to cart.'),
  ('MegaDealCombo', 'wings-combo', 'megadealcombo', 'Mega Deal Combo', 3, false, 'Mega combo added to cart!', 'Failed to add to cart.'),
  ('TwoforOneDeals', 'pizza-deal', 'twoforonedeals', 'Two-for-One Deals', 4, false, 'Two-for-One Deal added to cart!', 'Failed to add to cart.'),
  ('ThreeforOneDeals', 'pizza-deal', 'threeforonedeals', 'Two Pizza Deals', 5, false, 'Item added to cart!', 'Failed to add item to cart.'),
  ('panzerotti', 'panzerotti', 'panzerotti', 'Panzerotti', 6, false, 'Panzerotte added to cart!', 'Failed to add to cart.'),
  ('superbowlcombo', 'wings-combo', 'superbowlcombo', 'Super Bowl Combo', 7, true, 'Super Bowl Wings Combo added to cart!', 'Failed to add to cart.'),
  ('Sides', 'simple', 'sides', 'Sides', 8, false, 'Side added to cart!', 'Failed to add side to cart.'),
  ('Beverages', 'beverages', 'beverages', 'Beverages', 9, false, 'Beverage added to cart!', 'Failed to add beverage to cart.');

-- Home showed the products in their own order, whatever their category; from now on a category's
-- products sit together, in its place. Renumbered so the menu's order is unchanged where the
-- categories already were together (the seed's), category by category elsewhere.
update products p set sort_order = x.position - 1
  from (select p2.id, row_number() over (order by c.sort_order, p2.sort_order, p2.name, p2.id) as position
          from products p2 join categories c on c.id = p2.category) x
 where p.id = x.id;

alter table products add constraint products_category_fkey foreign key (category) references categories (id) on update cascade;

create trigger categories_changed after insert or update or delete or truncate on categories
  for each statement execute function notify_store_data('menu-rows');

create trigger categories_history after insert or update or delete on categories
  for each row execute function record_menu_change();
