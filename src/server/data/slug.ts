/** A product's stable key from its name: "Pizza & Wings Combo" -> "pizza-and-wings-combo". */
export function slugify(text: string): string {
  return text
    .toLowerCase()
    .replace(/&/g, 'and')
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-|-$/g, '');
}
