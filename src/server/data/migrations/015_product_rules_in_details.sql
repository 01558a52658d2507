-- The rules that told the categories of one kind apart were code keyed by category name; they
-- are now the products' own details (decision 17), which the seed writes for a new database.
-- A database seeded before keeps its rows (the seed never overwrites), so this gives every
-- product of those categories the fields that reproduce the old rules. Keyed by category, as
-- the old rules were, and under the row's own fields, so a value already there stays.

-- The single combo: drinks by size, Small 2, Medium 3, any other size 4 (spec).
update products
   set details = '{"maxDrinks": 4, "drinkLimits": {"Small": 2, "Medium": 3}}'::jsonb || details
 where category = 'Combos';

-- The family combo: 4 drinks whatever the size.
update products set details = '{"maxDrinks": 4}'::jsonb || details where category = 'FamilyCombos';

-- The family and mega combos count their free toppings over all their pizzas.
update products
   set details = '{"toppingAllowance": "over-total"}'::jsonb || details
 where category in ('FamilyCombos', 'MegaDealCombo');

-- The Super Bowl combo is added one at a time.
update products
   set details = '{"fixedQuantity": true}'::jsonb || details
 where category = 'superbowlcombo';
