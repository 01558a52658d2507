-- A cart line keeps its toppings by id, not by name (issue 34): the owner may now rename a
-- topping, and a cart holding it must still read, price and order, under the new name. The
-- cart's repository turns the ids back into names when it reads a line (the API speaks names);
-- placed orders keep the names they were placed with (order_items is not touched).
--
-- Every line is converted, open carts' and completed ones' alike, so a line holds ids whatever
-- its cart's state. A name no topping has (deleted by hand) stays as its text, and reads as it
-- did before.
update cart_items
   set selection = jsonb_set(selection, '{toppings}', (
         select coalesce(jsonb_agg(
                  case when jsonb_typeof(pizza.value) = 'array' then (
                    select coalesce(jsonb_agg(coalesce(to_jsonb(t.id::text), one.value)
                                              order by one.ordinality), '[]'::jsonb)
                      from jsonb_array_elements(pizza.value) with ordinality as one
                      left join toppings t on t.name = one.value #>> '{}')
                  else pizza.value end
                  order by pizza.ordinality), '[]'::jsonb)
           from jsonb_array_elements(selection -> 'toppings') with ordinality as pizza))
 where jsonb_typeof(selection -> 'toppings') = 'array'
   and selection -> 'toppings' <> '[]'::jsonb;
