-- Allergens and dietary marks (issue 34). A product's are its details' `allergens` and `marks`
-- (any kind); a topping's are columns of its own, empty meaning none named.
alter table toppings add column allergens text[] not null default '{}';

alter table toppings add column marks text[] not null default '{}';

-- What an order line contained when it was placed, with its toppings': an order never changes,
-- so the kitchen ticket reads this, not the menu as it is now. Null: placed before it was kept.
alter table order_items add column allergens text[];

-- A database seeded before this migration gets the seed's values (menu-seed.ts, which fills a
-- new one), by name and only where the store has named none, as migration 015 did the rules.
update toppings as t
   set allergens = v.allergens::text[], marks = v.marks::text[]
  from (values
  ('Anchovies', '{fish}', '{}'),
  ('Black Olives', '{}', '{vegetarian,vegan}'),
  ('Broccoli', '{}', '{vegetarian,vegan}'),
  ('Feta Cheese', '{milk}', '{vegetarian}'),
  ('Green Peppers', '{}', '{vegetarian,vegan}'),
  ('Hot Peppers', '{}', '{vegetarian,vegan,spicy}'),
  ('Hot Sausage', '{mustard}', '{spicy}'),
  ('Italian Sausage', '{mustard}', '{}'),
  ('Mushroom', '{}', '{vegetarian,vegan}'),
  ('Onions', '{}', '{vegetarian,vegan}'),
  ('Pepperoni', '{sulphites}', '{}'),
  ('Pineapple', '{}', '{vegetarian,vegan}'),
  ('Salami', '{sulphites}', '{}'),
  ('Sliced Tomatoes', '{}', '{vegetarian,vegan}'),
  ('Sun-Dried Tomatoes', '{sulphites}', '{vegetarian,vegan}')
  ) as v(name, allergens, marks)
 where t.name = v.name and t.allergens = '{}' and t.marks = '{}';

-- Products by slug (the seed's key); a product whose details name either list keeps its own.
update products as p
   set details = p.details || v.facts::jsonb
  from (values
  ('wings', '{"allergens":["soy","wheat-triticale"]}'),
  ('pizza-and-wings-combo', '{"allergens":["milk","soy","wheat-triticale"]}'),
  ('two-pizzas-family-combo', '{"allergens":["milk","soy","wheat-triticale"]}'),
  ('mega-deal-combo', '{"allergens":["milk","soy","wheat-triticale"]}'),
  ('two-for-one-pizza-deal', '{"allergens":["milk","wheat-triticale"],"marks":["vegetarian"]}'),
  ('two-pizza-deal', '{"allergens":["milk","wheat-triticale"],"marks":["vegetarian"]}'),
  ('panzerotti', '{"allergens":["milk","wheat-triticale"]}'),
  ('super-bowl-wings-combo', '{"allergens":["milk","soy","wheat-triticale"]}'),
  ('side-potato-wedges', '{"marks":["vegetarian","vegan"]}'),
  ('side-garlic-bread', '{"allergens":["milk","wheat-triticale"],"marks":["vegetarian"]}'),
  ('side-medium-garlic-fingers', '{"allergens":["milk","wheat-triticale"],"marks":["vegetarian"]}'),
  ('side-french-fries', '{"marks":["vegetarian","vegan"]}'),
  ('side-poutine-fries', '{"allergens":["milk","wheat-triticale"]}'),
  ('side-ranch-dip', '{"allergens":["milk","eggs"],"marks":["vegetarian"]}'),
  ('side-creamy-garlic-dip', '{"allergens":["milk","eggs"],"marks":["vegetarian"]}'),
  ('side-cheddar', '{"allergens":["milk"],"marks":["vegetarian"]}'),
  ('drink-chocolate-milk', '{"allergens":["milk"],"marks":["vegetarian"]}')
  ) as v(slug, facts)
 where p.slug = v.slug and not (p.details ? 'allergens') and not (p.details ? 'marks');
