/**
 * The detail screens on a phone (issue 10): the first choice in the first view on every one,
 * toppings one pizza at a time (tabs, search, each pizza's free and extra toppings), and the
 * sticky bar's live price and what is still missing; axe-core and the console clean.
 */
import type { Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  seededCategory,
  formatMoney,
  isListKind,
  linePrice,
  type Category,
  type Product,
} from '../../src/domain';
import { DETAIL_CATEGORY_IDS } from '../support/menu';
import { fixedClock } from '../../src/server/clock';
import { TOPPINGS } from '../../src/server/data/menu-seed';
import { productsRepository } from '../../src/server/repositories/products';
import { axeViolations } from '../support/axe';
import { startBrowserHarness, type BrowserHarness } from '../support/browser';
import { watchConsole } from '../support/console';

/** Monday 2026-11-23 18:00 in Toronto: open by the hours. */
const NOW = '2026-11-23T23:00:00Z';
const PHONE = { width: 390, height: 844 };

let h: BrowserHarness;
let menu: Product[];

beforeAll(async () => {
  h = await startBrowserHarness({ clock: fixedClock(NOW) });
  menu = await productsRepository(h.db).list();
});
afterAll(() => h.close());

function product(category: Category): Product {
  const found = menu.find((each) => each.category === category);
  if (!found) throw new Error(`No ${category} in the seeded menu`);
  return found;
}

const detailPath = (item: Product) => {
  if (isListKind(seededCategory(item.category).kind))
    throw new Error(`${item.name} has no detail screen`);
  return `/${seededCategory(item.category).segment}/${item.id}`;
};

async function openDetail(page: Page, item: Product) {
  await page.goto(detailPath(item));
  await page.getByRole('main').getByRole('heading', { level: 1, name: item.name }).waitFor();
  await page.getByRole('button', { name: 'Add to Cart' }).waitFor();
  await page.waitForLoadState('networkidle');
}

type Box = { top: number; bottom: number; left: number; right: number };
const box = (locator: Locator): Promise<Box> =>
  locator.evaluate((node) => {
    const { top, bottom, left, right } = node.getBoundingClientRect();
    return { top, bottom, left, right };
  });

const bar = (page: Page) => page.locator('.item-summary');
const tabs = (page: Page) => page.getByRole('tablist', { name: 'Pizzas' }).getByRole('tab');
const tab = (page: Page, pizza: number) =>
  page.getByRole('tab', { name: `Pizza ${pizza}`, exact: true });
/** The shown pizza's panel (the hidden ones are out of the accessibility tree). */
const panel = (page: Page) => page.getByRole('tabpanel');
const summaryOf = (scope: Locator) => scope.getByTestId('topping-summary');

async function text(locator: Locator): Promise<string> {
  return ((await locator.textContent()) ?? '').replace(/\s+/g, ' ').trim();
}

/** The tab's accessible description: its pizza's summary, as a screen reader reads it. */
const description = (locator: Locator) =>
  locator.evaluate((node) =>
    (node.getAttribute('aria-describedby') ?? '')
      .split(' ')
      .map((id) => document.getElementById(id)?.textContent ?? '')
      .join(' ')
      .trim(),
  );

async function check(scope: Locator, names: readonly string[]) {
  for (const name of names) await scope.getByRole('checkbox', { name, exact: true }).check();
}

describe('the first view on a phone', () => {
  it('shows every detail screen’s first choice under the header and above the sticky bar', async () => {
    const { context, page } = await h.newPage();
    const problems = watchConsole(page);
    const items = menu.filter((item) => !isListKind(seededCategory(item.category).kind));
    // Every detail category of the menu, each reached by its own route.
    expect(new Set(items.map((item) => item.category)).size).toBe(DETAIL_CATEGORY_IDS.length);
    for (const item of items) {
      await openDetail(page, item);
      const main = page.getByRole('main');
      const viewport = page.viewportSize() ?? PHONE;
      expect(viewport).toEqual(PHONE);
      const header = await box(page.getByRole('banner'));
      const sticky = await box(bar(page));
      // The bar is in view: at the bottom of the screen, or at the end of a form that ends
      // above it (it settles there).
      const formEnd = await box(main.locator('form'));
      expect(
        [viewport.height, Math.round(formEnd.bottom)],
        `${item.name}: bar at ${JSON.stringify(sticky)}`,
      ).toContain(Math.round(sticky.bottom));
      expect(sticky.bottom).toBeLessThanOrEqual(viewport.height);
      const first = main.getByRole('group').first();
      const legend = first.locator('legend');
      const option = first.getByRole('radio').first();
      // The option's whole tile (its label), which is what a thumb aims at.
      const tile = option.locator('xpath=ancestor::label[1]');
      for (const [what, part] of [
        ['legend', legend],
        ['first option', tile],
      ] as const) {
        const where = await box(part);
        const name = `${item.name}: ${what} ${JSON.stringify(where)}`;
        expect(where.top, name).toBeGreaterThanOrEqual(header.bottom);
        expect(where.bottom, name).toBeLessThanOrEqual(sticky.top);
        expect(where.left, name).toBeGreaterThanOrEqual(0);
        expect(where.right, name).toBeLessThanOrEqual(viewport.width);
      }
      // The name comes first: no label above it repeating what kind of item this is.
      const firstText = await main.locator('.item-intro').evaluate((intro) => {
        const walker = document.createTreeWalker(intro, NodeFilter.SHOW_TEXT);
        for (let node = walker.nextNode(); node; node = walker.nextNode()) {
          if (node.textContent?.trim())
            return { tag: node.parentElement?.tagName, text: node.textContent.trim() };
        }
        return null;
      });
      expect(firstText, item.name).toEqual({ tag: 'H1', text: item.name });
    }
    expect(problems).toEqual([]);
    await context.close();
  });
});

describe('toppings, one pizza at a time', () => {
  it('switches pizzas with the tabs and the arrow keys, each tab showing its pizza’s summary', async () => {
    const { context, page } = await h.newPage();
    const problems = watchConsole(page);
    const deal = product('TwoforOneDeals');
    await openDetail(page, deal);
    expect(await tabs(page).count()).toBe(3);
    expect(await tabs(page).allTextContents()).toEqual([
      'Pizza 13 toppings included',
      'Pizza 23 toppings included',
      'Pizza 33 toppings included',
    ]);
    expect(await tab(page, 1).getAttribute('aria-selected')).toBe('true');
    expect(await panel(page).count()).toBe(1);
    expect(await panel(page).getAttribute('aria-labelledby')).toBeTruthy();
    await page.getByRole('tabpanel', { name: 'Pizza 1' }).waitFor();

    // Four on pizza 1, three free on each: one extra, priced by the domain's engine.
    await check(panel(page), ['Bacon', 'Ham', 'Onions', 'Pineapple']);
    await expect.poll(() => text(summaryOf(panel(page)))).toBe('Pizza 1: 3 free, 1 extra +$1.75');
    expect(await description(tab(page, 1))).toBe('3 free, 1 extra +$1.75');
    const oneExtra = linePrice(
      deal,
      { size: 'Small', toppings: [['a', 'b', 'c', 'd'], [], []] },
      1,
    );
    expect(oneExtra).toBe(deal.price + 175);
    await expect.poll(() => text(bar(page).getByTestId('item-price'))).toBe(formatMoney(oneExtra));

    // A tab click shows pizza 2's chips, unticked; pizza 1's summary stays on its tab.
    await tab(page, 2).click();
    expect(await tab(page, 2).getAttribute('aria-selected')).toBe('true');
    expect(await tab(page, 1).getAttribute('aria-selected')).toBe('false');
    await page.getByRole('tabpanel', { name: 'Pizza 2' }).waitFor();
    expect(await panel(page).getByRole('checkbox', { checked: true }).count()).toBe(0);
    await check(panel(page), ['Salami', 'Broccoli']);
    await expect.poll(() => text(summaryOf(panel(page)))).toBe('Pizza 2: 1 more free topping');
    expect(await description(tab(page, 1))).toBe('3 free, 1 extra +$1.75');
    expect(await description(tab(page, 2))).toBe('1 more free topping');

    // The keys of the tabs pattern: only the chosen tab is in the Tab order.
    expect(await tabs(page).evaluateAll((all) => all.map((node) => node.tabIndex))).toEqual([
      -1, 0, -1,
    ]);
    await tab(page, 2).focus();
    await page.keyboard.press('ArrowRight');
    await page.getByRole('tabpanel', { name: 'Pizza 3' }).waitFor();
    expect(await tab(page, 3).evaluate((node) => node === document.activeElement)).toBe(true);
    await page.keyboard.press('ArrowRight');
    await page.getByRole('tabpanel', { name: 'Pizza 1' }).waitFor();
    expect(await tab(page, 1).evaluate((node) => node === document.activeElement)).toBe(true);
    await page.keyboard.press('ArrowLeft');
    await page.getByRole('tabpanel', { name: 'Pizza 3' }).waitFor();
    await page.keyboard.press('Home');
    await page.getByRole('tabpanel', { name: 'Pizza 1' }).waitFor();
    await page.keyboard.press('End');
    await page.getByRole('tabpanel', { name: 'Pizza 3' }).waitFor();
    expect(await tab(page, 3).getAttribute('aria-selected')).toBe('true');
    // Tab leaves the tab list for the pizza's toppings.
    await page.keyboard.press('Tab');
    expect(
      await panel(page)
        .getByRole('checkbox')
        .first()
        .evaluate((node) => node === document.activeElement),
    ).toBe(true);

    // Pizza 1 kept its toppings through it all.
    await tab(page, 1).click();
    expect(
      await panel(page)
        .getByRole('checkbox', { checked: true })
        .evaluateAll((all) => all.map((node) => node.closest('label')?.textContent)),
    ).toEqual(['Bacon', 'Ham', 'Onions', 'Pineapple']);
    expect(problems).toEqual([]);
    await context.close();
  });

  it('shares the free toppings over the total on the mega combo, pizza by pizza', async () => {
    const { context, page } = await h.newPage();
    const mega = product('MegaDealCombo');
    await openDetail(page, mega);
    await page
      .getByText('9 toppings free in total across the 3 pizzas (3 each); each extra topping $1.75.')
      .waitFor();
    const ten = TOPPINGS.slice(0, 10);
    await check(panel(page), ten);
    await expect.poll(() => text(summaryOf(panel(page)))).toBe('Pizza 1: 9 free, 1 extra +$1.75');
    // One topping on pizza 2 takes back one of its own three from pizza 1.
    await tab(page, 2).click();
    await check(panel(page), [TOPPINGS[0] ?? '']);
    await expect.poll(() => description(tab(page, 1))).toBe('8 free, 2 extra +$3.50');
    expect(await description(tab(page, 2))).toBe('2 more free toppings');
    expect(await description(tab(page, 3))).toBe('3 toppings included');
    const price = linePrice(mega, { size: 'Small', toppings: [ten, ['x'], []] }, 1);
    expect(price).toBe(mega.price + 2 * 175);
    await expect.poll(() => text(bar(page).getByTestId('item-price'))).toBe(formatMoney(price));
    await context.close();
  });

  it('narrows the shown pizza’s chips with the search, and keeps what was chosen', async () => {
    const { context, page } = await h.newPage();
    const problems = watchConsole(page);
    const deal = product('ThreeforOneDeals');
    await openDetail(page, deal);
    const search = page.getByRole('searchbox', { name: 'Search toppings' });
    const chips = () =>
      panel(page)
        .getByRole('checkbox')
        .evaluateAll((all) => all.map((node) => node.closest('label')?.textContent ?? ''));
    expect(await chips()).toEqual(TOPPINGS);
    await check(panel(page), ['Ham']);

    const wanted = TOPPINGS.filter((name) => name.toLowerCase().includes('sa'));
    expect(wanted.length).toBeGreaterThan(1);
    await search.fill('SA');
    await expect.poll(chips).toEqual(wanted);
    // Enter in the search does not submit the form (nothing is added).
    await search.press('Enter');
    await check(panel(page), ['Salami']);
    await expect.poll(() => text(summaryOf(panel(page)))).toBe('Pizza 1: 1 more free topping');
    // The search applies to the pizza shown: pizza 2, narrowed the same way.
    await tab(page, 2).click();
    await expect.poll(chips).toEqual(wanted);
    expect(await search.inputValue()).toBe('SA');

    await search.fill('zzz');
    await expect.poll(chips).toEqual([]);
    await panel(page).getByText('No topping matches “zzz”.').waitFor();
    await search.fill('');
    await expect.poll(chips).toEqual(TOPPINGS);
    await tab(page, 1).click();
    expect(
      await panel(page)
        .getByRole('checkbox', { checked: true })
        .evaluateAll((all) => all.map((node) => node.closest('label')?.textContent)),
    ).toEqual(['Ham', 'Salami']);
    expect(await page.locator('.notices .notice').count()).toBe(0);
    expect(await page.getByRole('link', { name: /^Cart \d/ }).count()).toBe(0);

    // Chips and tabs are thumb-sized.
    for (const target of [
      ...(await panel(page).locator('label').all()),
      ...(await tabs(page).all()),
      search,
    ]) {
      const { top, bottom } = await box(target);
      expect(bottom - top).toBeGreaterThanOrEqual(44);
    }
    expect(problems).toEqual([]);
    await context.close();
  });

  it('keeps one list without tabs for a single pizza', async () => {
    const { context, page } = await h.newPage();
    const combo = product('Combos');
    await openDetail(page, combo);
    expect(await page.getByRole('tablist').count()).toBe(0);
    const toppings = page.getByRole('group', { name: 'Choose toppings' });
    await check(toppings, ['Bacon', 'Ham', 'Onions', 'Pineapple']);
    await expect
      .poll(() => text(summaryOf(toppings)))
      .toBe('Your toppings: 3 free, 1 extra +$1.75');
    await expect
      .poll(() => text(bar(page).getByTestId('item-price')))
      .toBe(formatMoney(linePrice(combo, { size: 'Small', toppings: [['a', 'b', 'c', 'd']] }, 1)));
    await context.close();
  });
});

describe('the sticky bar', () => {
  it('shows the live price and what is missing, takes the customer to it, then adds', async () => {
    const { context, page } = await h.newPage();
    const problems = watchConsole(page);
    const wings = product('Wings');
    await openDetail(page, wings);
    const price = bar(page).getByTestId('item-price');
    const add = bar(page).getByRole('button', { name: 'Add to Cart' });
    const missing = bar(page).getByTestId('item-missing');
    expect(await text(price)).toBe(formatMoney(linePrice(wings, { size: '10 pcs' }, 1)));
    expect(await missing.count()).toBe(0);
    expect(await add.getAttribute('aria-describedby')).toBeNull();

    // Live: a bigger size.
    await page
      .getByRole('group', { name: 'Size' })
      .getByRole('radio', { name: /^25 pcs/ })
      .check();
    await expect.poll(() => text(price)).toBe(formatMoney(linePrice(wings, { size: '25 pcs' }, 1)));

    // No quantity: the bar says what is missing, and the button is described by it.
    const quantity = page.getByRole('spinbutton', { name: `Quantity of ${wings.name}` });
    await quantity.fill('');
    await expect.poll(() => text(missing)).toBe('Enter a quantity from 1 to 99');
    expect(await description(add)).toBe('Enter a quantity from 1 to 99');
    expect(await add.isEnabled()).toBe(true);

    // A press says why and takes the customer to the quantity, in view above the bar.
    await page.evaluate(() => window.scrollTo(0, 0));
    await add.click();
    await page.getByRole('alert').getByText('Please select a quantity greater than 0.').waitFor();
    await expect
      .poll(() => quantity.evaluate((node) => node === document.activeElement))
      .toBe(true);
    const field = await box(quantity);
    const sticky = await box(bar(page));
    expect(field.top).toBeGreaterThanOrEqual(0);
    expect(field.bottom).toBeLessThanOrEqual(sticky.top);
    expect(await page.getByRole('link', { name: /^Cart \d/ }).count()).toBe(0);

    // Past the maximum: the same bar text, the list rows' words.
    await quantity.fill('100');
    await expect.poll(() => text(missing)).toBe('Enter a quantity from 1 to 99');
    await add.click();
    await page.getByRole('alert').getByText('Please select a whole number up to 99.').waitFor();

    // Fixed: nothing missing, the live price for two, and it adds.
    await quantity.fill('2');
    await expect.poll(() => missing.count()).toBe(0);
    expect(await add.getAttribute('aria-describedby')).toBeNull();
    const two = linePrice(wings, { size: '25 pcs' }, 2);
    await expect.poll(() => text(price)).toBe(formatMoney(two));
    await add.click();
    await page.getByRole('status').getByText('Item added to cart.', { exact: true }).waitFor();
    await page.getByRole('link', { name: 'Cart 2 items', exact: true }).waitFor();
    await bar(page).getByRole('link', { name: 'Go to Cart' }).waitFor();
    expect(problems).toEqual([]);
    await context.close();
  });

  it('never hides a control reached with Tab behind it', async () => {
    const { context, page } = await h.newPage();
    await openDetail(page, product('Combos'));
    const coke = page.getByRole('button', { name: 'Coke', exact: true });
    // The first drink just under the bar's top edge, still inside the viewport.
    const under = (await box(coke)).top - (await box(bar(page))).top - 8;
    await page.evaluate((by) => window.scrollBy(0, by), under);
    expect((await box(coke)).top).toBeGreaterThan((await box(bar(page))).top);
    await page.getByRole('group', { name: 'Side' }).getByRole('radio', { checked: true }).focus();
    await page.keyboard.press('Tab');
    expect(await coke.evaluate((node) => node === document.activeElement)).toBe(true);
    expect((await box(coke)).bottom).toBeLessThanOrEqual((await box(bar(page))).top);
    await context.close();
  });

  // The spec's Super Bowl screen has a fixed quantity of 1: each press adds one more.
  it('adds the Super Bowl combo again on each press, one line in the cart', async () => {
    const { context, page } = await h.newPage();
    const problems = watchConsole(page);
    const superBowl = product('superbowlcombo');
    await openDetail(page, superBowl);
    expect(await page.getByRole('spinbutton').count()).toBe(0);
    const add = bar(page).getByRole('button', { name: 'Add to Cart' });
    await add.click();
    await page.getByRole('link', { name: 'Cart 1 item', exact: true }).waitFor();
    await add.click();
    await page.getByRole('link', { name: 'Cart 2 items', exact: true }).waitFor();
    expect(await page.getByRole('alert').locator('.notice').count()).toBe(0);
    expect(problems).toEqual([]);
    await context.close();
  });

  it('says a refused add in one message: the spec’s text with the reason under it', async () => {
    const { context, page } = await h.newPage();
    const wings = product('Wings');
    await openDetail(page, wings);
    await page
      .getByRole('group', { name: 'Size' })
      .getByRole('radio', { name: /^25 pcs/ })
      .check();
    await page.getByRole('spinbutton', { name: `Quantity of ${wings.name}` }).fill('99');
    const add = bar(page).getByRole('button', { name: 'Add to Cart' });
    await add.click();
    await page.getByRole('status').getByText('Item added to cart.', { exact: true }).waitFor();
    await add.click();
    const notice = page.getByRole('alert').locator('.notice');
    await notice.getByText('Failed to add to cart.', { exact: true }).waitFor();
    await notice
      .getByText('You can have at most 99 of one item in the cart.', { exact: true })
      .waitFor();
    expect(await page.locator('.notices .notice').count()).toBe(1);
    await context.close();
  });
});

describe('accessibility', () => {
  it('finds nothing with axe at 390 and 1280 px, tabs, search and a missing quantity included', async () => {
    const { context, page } = await h.newPage();
    const problems = watchConsole(page);
    const findings: string[] = [];
    for (const width of [390, 1280]) {
      await page.setViewportSize({ width, height: 844 });
      for (const category of ['MegaDealCombo', 'Combos', 'superbowlcombo'] as const) {
        const item = product(category);
        await openDetail(page, item);
        for (const line of await axeViolations(page))
          findings.push(`${category} @${width}: ${line}`);
      }
      // The mega combo in use: a second pizza, a search, toppings past the free count and no
      // quantity (the bar's missing text).
      await openDetail(page, product('MegaDealCombo'));
      await tab(page, 2).click();
      await page.getByRole('searchbox', { name: 'Search toppings' }).fill('o');
      await check(
        panel(page),
        TOPPINGS.filter((name) => name.toLowerCase().includes('o')),
      );
      await page.getByRole('spinbutton').fill('');
      await bar(page).getByTestId('item-missing').waitFor();
      for (const line of await axeViolations(page)) findings.push(`mega in use @${width}: ${line}`);
    }
    expect(findings).toEqual([]);
    expect(problems).toEqual([]);
    await context.close();
  });
});
