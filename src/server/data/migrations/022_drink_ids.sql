-- Drinks are kept by the beverage's id, not by name (issue 34), as toppings are since 019: the
-- owner may rename a beverage, and a combo listing it, or a cart line holding it, must still
-- read, price and order, under the new name. The repositories turn the ids back into names when
-- they read (src/server/repositories/drink-refs.ts; the API speaks names); placed orders keep the
-- names they were placed with (order_items is not touched).
--
-- A beverage is a product of the Beverages category (the one category of the beverages kind).
-- A name no beverage has stays as its text, and reads as it did before.

-- A combo's drinks: a list of beverage ids.
update products
   set details = jsonb_set(details, '{drinks}', (
         select coalesce(jsonb_agg(coalesce(to_jsonb(b.id::text), one.value)
                                   order by one.ordinality), '[]'::jsonb)
           from jsonb_array_elements(details -> 'drinks') with ordinality as one
           left join lateral (
             select p.id from products p
              where p.category = 'Beverages' and p.name = one.value #>> '{}'
              order by p.sort_order, p.id limit 1) b on true))
 where jsonb_typeof(details -> 'drinks') = 'array'
   and details -> 'drinks' <> '[]'::jsonb;

-- A cart line's drinks: each {name, quantity} gets its beverage's id (the name stays, read only
-- if the beverage is deleted). Every line, open carts' and completed ones' alike.
update cart_items
   set selection = jsonb_set(selection, '{drinks}', (
         select coalesce(jsonb_agg(
                  case when b.id is null then one.value
                       else one.value || jsonb_build_object('id', b.id::text) end
                  order by one.ordinality), '[]'::jsonb)
           from jsonb_array_elements(selection -> 'drinks') with ordinality as one
           left join lateral (
             select p.id from products p
              where p.category = 'Beverages' and jsonb_typeof(one.value) = 'object'
                and p.name = one.value ->> 'name'
              order by p.sort_order, p.id limit 1) b on true))
 where jsonb_typeof(selection -> 'drinks') = 'array'
   and selection -> 'drinks' <> '[]'::jsonb;
