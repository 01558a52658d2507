/**
 * Which entries a menu document moves (decision 19): of the entries both orders keep, the
 * fewest whose moving turns the stored order into the document's. The rest keep their order
 * relative to each other: a longest run of them in the document already in their stored order.
 * So moving one entry far is one change, not one for every entry it passed, and two entries
 * that trade places are one move (the one the document brought forward, as if dragged up).
 *
 * A list is a category's items, the toppings or the categories: tens of entries, so the
 * quadratic longest run costs nothing.
 */
export function movedEntries(
  before: readonly string[],
  after: readonly string[],
  kept: ReadonlySet<string>,
): Set<string> {
  const stored = new Map(before.map((id, at) => [id, at]));
  const order = after.filter((id) => kept.has(id) && stored.has(id));
  const place = order.map((id) => stored.get(id) ?? 0);
  // run[i]: the longest run in stored order that ends at order[i]; previous[i]: its entry before.
  const run = place.map(() => 1);
  const previous = place.map(() => -1);
  for (let i = 0; i < place.length; i++) {
    for (let j = 0; j < i; j++) {
      // At a tie the later j: the entry further on stays, the one brought forward moved.
      if ((place[j] ?? 0) < (place[i] ?? 0) && (run[j] ?? 0) + 1 >= (run[i] ?? 0)) {
        run[i] = (run[j] ?? 0) + 1;
        previous[i] = j;
      }
    }
  }
  // Of the longest runs, the one ending last: the entries brought forward are the moved ones.
  let end = -1;
  for (let i = 0; i < run.length; i++) if (end === -1 || (run[i] ?? 0) >= (run[end] ?? 0)) end = i;
  const stays = new Set<string>();
  for (let i = end; i !== -1; i = previous[i] ?? -1) stays.add(order[i] ?? '');
  return new Set(order.filter((id) => !stays.has(id)));
}
