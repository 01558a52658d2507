/**
 * Draws the menu's artwork: one flat SVG illustration per seeded product, made for this project
 * (no photos, nothing traced). The server serves the files in assets/images as they are, so the
 * output is committed; run again after changing a drawing or adding a product:
 *
 *   npx tsx scripts/generate-artwork.ts
 *
 * Every product of the seed must get a drawing and every file must stay under 5 KB, or this
 * script fails instead of shipping a broken or heavy image. The products of the list screens
 * (Beverages, Sides) also get a 192×144 WebP beside their SVG for the list rows (rasterised by
 * sharp with this machine's fonts; src/web/shared/thumbnail.ts says why).
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import sharp from 'sharp';
import { isListKind, seededCategory } from '../src/domain/catalog';
import { PRODUCTS, seedImagePath, type SeedProduct } from '../src/server/data/menu-seed';
import { listThumbnail, THUMBNAIL_SIZE } from '../src/web/shared/thumbnail';

const OUT_DIR = 'assets/images';
const MAX_BYTES = 5 * 1024;
const MAX_THUMBNAIL_BYTES = 4 * 1024;
const FONT = 'font-family="Arial,Helvetica,sans-serif" font-weight="700" text-anchor="middle"';

const esc = (text: string) =>
  text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');
/** One decimal is plenty at this size and keeps the files small. */
const n = (value: number) => String(Math.round(value * 10) / 10);

/** Deterministic noise per item, so regenerating gives byte-identical files. */
function random(seed: string): () => number {
  let h = 2166136261;
  for (const char of seed) h = Math.imul(h ^ char.charCodeAt(0), 16777619);
  return () => {
    h = Math.imul(h ^ (h >>> 15), 2246822507) ^ Math.imul(h ^ (h >>> 13), 3266489909);
    return ((h ^= h >>> 16) >>> 0) / 4294967296;
  };
}

function svg(title: string, background: string, body: string, defs = ''): string {
  return (
    '<svg xmlns="http://www.w3.org/2000/svg" width="320" height="240" viewBox="0 0 320 240" role="img">' +
    `<title>${esc(title)}</title>${defs ? `<defs>${defs}</defs>` : ''}` +
    `<rect width="320" height="240" fill="${background}"/>${body}</svg>\n`
  );
}

// ---- shared pieces (as <defs> so repeated wings and toppings cost a few bytes each) ----

const TOPPING_DEFS = {
  pepperoni:
    '<g id="tp"><circle r="6" fill="#b3261e"/><circle cx="-2" cy="-1.5" r="1.3" fill="#7f1a14"/><circle cx="2" cy="2" r="1" fill="#7f1a14"/></g>',
  olive: '<g id="to"><circle r="3.4" fill="#2b2b2b"/><circle r="1.4" fill="#f7cf5e"/></g>',
  pepper:
    '<path id="tg" d="M-5 2a6 6 0 0 1 10 0" fill="none" stroke="#3f8f2f" stroke-width="2.6" stroke-linecap="round"/>',
  mushroom:
    '<path id="tm" d="M-5 1a5 5 0 0 1 10 0zM-1.6 1h3.2v4h-3.2z" fill="#efe3cf" stroke="#a88e6b" stroke-width=".8"/>',
  ham: '<rect id="th" x="-4" y="-3" width="8" height="6" rx="1.5" fill="#f08a8a"/>',
} as const;
type Topping = keyof typeof TOPPING_DEFS;
const TOPPING_ID: Record<Topping, string> = {
  pepperoni: 'tp',
  olive: 'to',
  pepper: 'tg',
  mushroom: 'tm',
  ham: 'th',
};

/** A round pizza seen from above: crust, sauce, cheese, slice cuts, toppings spread evenly. */
function pizza(
  cx: number,
  cy: number,
  r: number,
  toppings: Topping[],
  rand: () => number,
  count = 9,
): string {
  let out =
    `<circle cx="${n(cx)}" cy="${n(cy)}" r="${n(r)}" fill="#e09a45"/>` +
    `<circle cx="${n(cx)}" cy="${n(cy)}" r="${n(r * 0.88)}" fill="#c8402a"/>` +
    `<circle cx="${n(cx)}" cy="${n(cy)}" r="${n(r * 0.83)}" fill="#f7cf5e"/>`;
  let cuts = '';
  for (let i = 0; i < 4; i++) {
    const a = (i * Math.PI) / 4 + 0.2;
    const dx = Math.cos(a) * r * 0.86;
    const dy = Math.sin(a) * r * 0.86;
    cuts += `M${n(cx - dx)} ${n(cy - dy)}L${n(cx + dx)} ${n(cy + dy)}`;
  }
  out += `<path d="${cuts}" stroke="#d99a3a" stroke-width="1.4"/>`;
  const scale = r / 60;
  const offset = rand() * 6;
  for (let i = 0; i < count; i++) {
    const radius = r * 0.68 * Math.sqrt((i + 0.5) / count);
    const angle = i * 2.39996 + offset;
    const topping = toppings[i % toppings.length] ?? 'pepperoni';
    const x = cx + Math.cos(angle) * radius;
    const y = cy + Math.sin(angle) * radius;
    const turn = Math.round(rand() * 360);
    out += `<use href="#${TOPPING_ID[topping]}" transform="translate(${n(x)} ${n(y)}) rotate(${turn}) scale(${n(scale)})"/>`;
  }
  return out;
}

function toppingDefs(toppings: Topping[]): string {
  return [...new Set(toppings)].map((topping) => TOPPING_DEFS[topping]).join('');
}

/** A glazed wing with its bone; the sauce colour comes from the <use>'s fill. */
const WING_DEF =
  '<g id="w"><path d="M-20 0c0-9 9-14 20-12s17 6 17 12-6 12-17 12S-20 9-20 0z"/>' +
  '<ellipse cx="-3" cy="-5" rx="9" ry="3" fill="#fff" opacity=".25"/>' +
  '<path d="M15-3h12v6H15z" fill="#f4e7cf"/><circle cx="28" cy="-3.5" r="3.8" fill="#f4e7cf"/>' +
  '<circle cx="28" cy="3.5" r="3.8" fill="#f4e7cf"/></g>';
const SAUCES = ['#b8431c', '#c7541f', '#9e2f18', '#d27a2c'];

function wing(x: number, y: number, angle: number, sauce: string, size = 1): string {
  return `<use href="#w" fill="${sauce}" transform="translate(${n(x)} ${n(y)}) rotate(${Math.round(angle)})${size === 1 ? '' : ` scale(${n(size)})`}"/>`;
}

function wings(spots: [number, number, number][], rand: () => number, size = 1): string {
  return spots
    .map(([x, y, a]) =>
      wing(x, y, a, SAUCES[Math.floor(rand() * SAUCES.length)] ?? '#b8431c', size),
    )
    .join('');
}

function plate(cx: number, cy: number, rx: number, ry: number): string {
  return (
    `<ellipse cx="${n(cx)}" cy="${n(cy + 6)}" rx="${n(rx)}" ry="${n(ry)}" fill="#000" opacity=".08"/>` +
    `<ellipse cx="${n(cx)}" cy="${n(cy)}" rx="${n(rx)}" ry="${n(ry)}" fill="#fff" stroke="#e3d3bd" stroke-width="3"/>` +
    `<ellipse cx="${n(cx)}" cy="${n(cy)}" rx="${n(rx * 0.8)}" ry="${n(ry * 0.8)}" fill="#f8f1e6"/>`
  );
}

/** A dip cup seen from the side, with its sauce on top. */
function dipCup(cx: number, cy: number, sauce: string, w = 34): string {
  const h = w * 0.7;
  return (
    `<path d="M${n(cx - w / 2)} ${n(cy)}l${n(w * 0.1)} ${n(h)}h${n(w * 0.8)}l${n(w * 0.1)} ${n(-h)}z" fill="#fff" stroke="#d8c8b0" stroke-width="1.5"/>` +
    `<ellipse cx="${n(cx)}" cy="${n(cy)}" rx="${n(w / 2)}" ry="${n(w / 6)}" fill="${sauce}" stroke="#d8c8b0" stroke-width="1.5"/>`
  );
}

function smallCan(x: number, y: number, color: string): string {
  return (
    `<rect x="${x}" y="${y}" width="22" height="36" rx="4" fill="${color}"/>` +
    `<rect x="${x + 2}" y="${y - 2}" width="18" height="5" rx="2" fill="#c9ccd1"/>` +
    `<rect x="${x + 4}" y="${y + 8}" width="3" height="22" rx="1.5" fill="#fff" opacity=".35"/>`
  );
}

function badge(x: number, y: number, text: string, fill = '#a4161a'): string {
  const w = text.length * 9 + 20;
  return (
    `<rect x="${n(x - w / 2)}" y="${y - 15}" width="${w}" height="28" rx="14" fill="${fill}"/>` +
    `<text x="${x}" y="${y + 5}" ${FONT} font-size="15" fill="#fff">${esc(text)}</text>`
  );
}

/** Crinkle-cut fries standing in a carton. */
function friesCarton(cx: number, bottom: number, scale = 1): string {
  const s = (v: number) => n(v * scale);
  let sticks = '';
  const r = random(`fries${cx}`);
  for (let i = 0; i < 9; i++) {
    const x = cx - 30 * scale + i * 7 * scale;
    const top = bottom - (88 + r() * 22) * scale;
    sticks += `<rect x="${n(x)}" y="${n(top)}" width="${s(7)}" height="${s(60)}" rx="${s(1.5)}" fill="${i % 2 ? '#f6c244' : '#f9d566'}" stroke="#d9a32b" stroke-width=".8"/>`;
  }
  return (
    sticks +
    `<path d="M${n(cx - 40 * scale)} ${n(bottom - 62 * scale)}h${s(80)}l${s(-10)} ${s(62)}h${s(-60)}z" fill="#c62828"/>` +
    `<path d="M${n(cx - 40 * scale)} ${n(bottom - 62 * scale)}q${s(40)} ${s(22)} ${s(80)} 0" fill="#e53935"/>` +
    `<circle cx="${cx}" cy="${n(bottom - 26 * scale)}" r="${s(11)}" fill="#ffd54f"/>`
  );
}

function wedge(x: number, y: number, angle: number): string {
  return `<path d="M0 0q28-24 62-4q-28 16-62 4z" fill="#d98f35" stroke="#a8621d" stroke-width="2" transform="translate(${n(x)} ${n(y)}) rotate(${Math.round(angle)})"/><path d="M8-3q22-14 46-3" fill="none" stroke="#f2c27a" stroke-width="3" stroke-linecap="round" transform="translate(${n(x)} ${n(y)}) rotate(${Math.round(angle)})"/>`;
}

// ---- the main menu ----

const MAIN: Record<string, (title: string) => string> = {
  wings: (title) => {
    const r = random('wings');
    const spots: [number, number, number][] = [
      [110, 105, -20],
      [150, 95, 15],
      [195, 110, -10],
      [100, 145, 25],
      [145, 140, -30],
      [190, 150, 20],
      [150, 175, 5],
    ];
    return svg(
      title,
      '#fdebd3',
      plate(160, 135, 140, 88) +
        wings(spots, r, 1.15) +
        '<rect x="232" y="70" width="60" height="9" rx="4.5" fill="#7cb342" transform="rotate(25 262 75)"/>' +
        '<rect x="236" y="88" width="56" height="9" rx="4.5" fill="#8bc34a" transform="rotate(18 264 92)"/>' +
        dipCup(262, 160, '#f4f1e8', 40),
      WING_DEF,
    );
  },
  'pizza-and-wings-combo': (title) => {
    const r = random('combo');
    const tops: Topping[] = ['pepperoni', 'mushroom', 'pepper'];
    return svg(
      title,
      '#fbe3c8',
      pizza(112, 126, 88, tops, r, 12) +
        plate(248, 158, 62, 44) +
        wings(
          [
            [235, 145, -15],
            [262, 160, 20],
            [240, 175, 5],
          ],
          r,
          0.9,
        ) +
        smallCan(240, 40, '#d71920') +
        smallCan(270, 46, '#004b93'),
      toppingDefs(tops) + WING_DEF,
    );
  },
  'two-pizzas-family-combo': (title) => {
    const r = random('family');
    const tops: Topping[] = ['pepperoni', 'olive', 'pepper', 'ham'];
    return svg(
      title,
      '#f9e0c7',
      pizza(88, 100, 70, ['pepperoni', 'olive'], r, 10) +
        pizza(190, 140, 72, ['ham', 'pepper'], r, 10) +
        wings(
          [
            [270, 70, 30],
            [275, 105, -10],
          ],
          r,
          0.8,
        ) +
        [0, 1, 2, 3]
          .map((i) =>
            smallCan(
              38 + i * 28,
              190,
              ['#d71920', '#0a8f3c', '#004b93', '#f57c00'][i] ?? '#d71920',
            ),
          )
          .join(''),
      toppingDefs(tops) + WING_DEF,
    );
  },
  'mega-deal-combo': (title) => {
    const r = random('mega');
    const tops: Topping[] = ['pepperoni', 'mushroom', 'olive', 'pepper'];
    // Two closed boxes under an open one, plus the 2-litre bottle the deal includes.
    const boxes =
      '<path d="M28 196h190v22H28z" fill="#c98b4f"/><path d="M34 174h178v22H34z" fill="#d9a066"/>' +
      '<path d="M28 196h190M34 174h178" stroke="#a86c35" stroke-width="2"/>';
    const bottle =
      '<path d="M262 40h16v14q0 8 10 18v128q0 10-10 10h-16q-10 0-10-10V72q10-10 10-18z" fill="#2b3f6b"/>' +
      '<rect x="259" y="32" width="22" height="10" rx="2" fill="#1565c0"/>' +
      '<rect x="252" y="110" width="36" height="40" fill="#1565c0"/><text x="270" y="135" ' +
      FONT +
      ' font-size="11" fill="#fff">2 L</text>';
    return svg(
      title,
      '#f6dfc3',
      boxes +
        pizza(74, 100, 56, ['pepperoni', 'olive'], r, 8) +
        pizza(170, 92, 56, ['mushroom', 'pepper'], r, 8) +
        pizza(122, 150, 50, ['pepperoni'], r, 7) +
        bottle +
        wings([[216, 160, 10]], r, 0.8) +
        badge(80, 28, 'MEGA'),
      toppingDefs(tops) + WING_DEF,
    );
  },
  'two-for-one-pizza-deal': (title) => {
    const r = random('241');
    const tops: Topping[] = ['pepperoni', 'pepper', 'mushroom', 'olive'];
    return svg(
      title,
      '#fde7cf',
      pizza(62, 128, 54, ['pepperoni'], r, 8) +
        pizza(160, 128, 54, ['pepper', 'mushroom'], r, 8) +
        pizza(258, 128, 54, ['olive', 'pepperoni'], r, 8) +
        badge(160, 36, '3 PIZZAS') +
        '<text x="160" y="212" ' +
        FONT +
        ' font-size="16" fill="#7a0f12">2 + 1 FREE</text>',
      toppingDefs(tops),
    );
  },
  'two-pizza-deal': (title) => {
    const r = random('2pz');
    const tops: Topping[] = ['pepperoni', 'ham', 'pepper', 'olive'];
    return svg(
      title,
      '#fbe9d6',
      '<rect x="10" y="52" width="146" height="150" rx="6" fill="#d9a066"/><rect x="164" y="52" width="146" height="150" rx="6" fill="#d9a066"/>' +
        pizza(83, 127, 66, ['pepperoni', 'ham'], r, 10) +
        pizza(237, 127, 66, ['pepper', 'olive'], r, 10) +
        badge(160, 30, '2 PIZZAS'),
      toppingDefs(tops),
    );
  },
  panzerotti: (title) => {
    // Half-moon pockets with a crimped edge, two dips on the side.
    const pocket = (x: number, y: number, a: number) => {
      let crimp = '';
      for (let i = 1; i < 8; i++) {
        const t = (i / 8) * Math.PI;
        crimp += `M${n(-Math.cos(t) * 62)} ${n(-Math.sin(t) * 62)}l${n(-Math.cos(t) * 10)} ${n(-Math.sin(t) * 10)}`;
      }
      return (
        `<g transform="translate(${x} ${y}) rotate(${a})"><path d="M-72 0a72 72 0 0 1 144 0z" fill="#e8a94f"/>` +
        `<path d="M-60 0a60 60 0 0 1 120 0z" fill="#f2c16e"/><path d="${crimp}" stroke="#c47f2c" stroke-width="3" stroke-linecap="round"/>` +
        '<ellipse cx="-14" cy="-30" rx="18" ry="6" fill="#fff" opacity=".25"/><path d="M-72 0h144" stroke="#c47f2c" stroke-width="4"/></g>'
      );
    };
    return svg(
      title,
      '#f7e4cc',
      '<rect x="18" y="40" width="284" height="170" rx="16" fill="#c98b4f"/><path d="M18 92h284M18 144h284" stroke="#b27640" stroke-width="2"/>' +
        pocket(110, 138, -12) +
        pocket(196, 176, 8) +
        dipCup(252, 70, '#c8402a', 38) +
        dipCup(70, 182, '#f4f1e8', 34),
    );
  },
  'super-bowl-wings-combo': (title) => {
    const r = random('superbowl');
    const spots: [number, number, number][] = [];
    for (let row = 0; row < 3; row++) {
      for (let col = 0; col < 4; col++) {
        spots.push([62 + col * 40 + (row % 2) * 16, 92 + row * 34, r() * 60 - 30]);
      }
    }
    // Garlic fingers: a cheesy rectangle cut in strips.
    const fingers =
      '<rect x="214" y="150" width="92" height="66" rx="6" fill="#f0c75e" stroke="#d39b32" stroke-width="3"/>' +
      '<path d="M237 152v62M260 152v62M283 152v62" stroke="#d39b32" stroke-width="2"/>';
    const football =
      '<g transform="translate(280 30) rotate(-25)"><ellipse rx="30" ry="17" fill="#8d4a1f"/>' +
      '<path d="M-12 0h24M-6-4v8M0-4v8M6-4v8" stroke="#fff" stroke-width="2"/></g>';
    return svg(
      title,
      '#e6efe0',
      '<ellipse cx="130" cy="136" rx="118" ry="84" fill="#000" opacity=".08"/><ellipse cx="128" cy="130" rx="118" ry="84" fill="#fff" stroke="#cfc2ad" stroke-width="3"/>' +
        wings(spots, r, 0.95) +
        fingers +
        friesCarton(250, 150, 0.75) +
        football +
        badge(64, 28, '80 WINGS'),
      WING_DEF,
    );
  },
};

// ---- sides ----

const SIDES: Record<string, (title: string) => string> = {
  'side-potato-wedges': (title) => {
    const spots: [number, number, number][] = [
      [60, 118, -20],
      [110, 96, 10],
      [170, 104, -5],
      [66, 152, 15],
      [128, 140, -25],
      [190, 138, 5],
      [96, 180, -10],
      [160, 176, 12],
    ];
    return svg(
      title,
      '#fbe8cc',
      plate(160, 140, 130, 80) + spots.map(([x, y, a]) => wedge(x, y, a)).join(''),
    );
  },
  'side-garlic-bread': (title) => {
    let slices = '';
    for (let i = 0; i < 5; i++) {
      const x = 62 + i * 46;
      slices +=
        `<g transform="rotate(${-8 + i * 4} ${x} 130)"><ellipse cx="${x}" cy="130" rx="26" ry="44" fill="#c98538"/>` +
        `<ellipse cx="${x}" cy="128" rx="20" ry="37" fill="#f3d38a"/>` +
        `<circle cx="${x - 6}" cy="118" r="2" fill="#4f8a2b"/><circle cx="${x + 5}" cy="136" r="2" fill="#4f8a2b"/><circle cx="${x + 2}" cy="110" r="1.6" fill="#4f8a2b"/></g>`;
    }
    return svg(title, '#f6e7d2', plate(160, 135, 150, 86) + slices);
  },
  'side-medium-garlic-fingers': (title) => {
    const r = random('fingers');
    let spots = '';
    for (let i = 0; i < 14; i++) {
      spots += `<circle cx="${n(62 + r() * 196)}" cy="${n(66 + r() * 110)}" r="${n(3 + r() * 3)}" fill="#e0a53a"/>`;
    }
    return svg(
      title,
      '#f2e2cc',
      '<rect x="30" y="38" width="260" height="172" rx="8" fill="#c98b4f"/>' +
        '<rect x="48" y="54" width="224" height="140" rx="10" fill="#e9a84f"/><rect x="56" y="60" width="208" height="128" rx="8" fill="#f6d46e"/>' +
        spots +
        '<path d="M108 56v136M160 56v136M212 56v136" stroke="#c9852f" stroke-width="3"/>' +
        dipCup(270, 205, '#c8402a', 30),
    );
  },
  'side-french-fries': (title) => svg(title, '#fde9c9', friesCarton(160, 208, 1.35)),
  'side-poutine-fries': (title) => {
    const r = random('poutine');
    let fries = '';
    for (let i = 0; i < 16; i++) {
      // Each fry turns about its own middle, so the pile stays inside the bowl.
      const x = 78 + r() * 150;
      const y = 88 + r() * 34;
      fries += `<rect x="${n(x)}" y="${n(y)}" width="34" height="7" rx="3" fill="#f6c244" transform="rotate(${Math.round(r() * 70 - 35)} ${n(x + 17)} ${n(y + 3.5)})"/>`;
    }
    let curds = '';
    for (let i = 0; i < 9; i++) {
      curds += `<rect x="${n(86 + r() * 140)}" y="${n(88 + r() * 38)}" width="12" height="10" rx="4" fill="#fffaf0" stroke="#e8dcc0"/>`;
    }
    return svg(
      title,
      '#f1e0ca',
      '<ellipse cx="160" cy="212" rx="118" ry="14" fill="#000" opacity=".08"/>' +
        '<path d="M40 110h240q-8 96-120 96T40 110z" fill="#3f6f9e"/>' +
        '<ellipse cx="160" cy="110" rx="120" ry="36" fill="#2f5a84"/>' +
        fries +
        '<path d="M80 112q30-22 60-4t60-2q30-16 44 6q-20 18-84 16t-80-16z" fill="#7a4a23" opacity=".9"/>' +
        curds,
    );
  },
  'side-ranch-dip': (title) => dipSide(title, '#f7f5ee', '#fdf3e3', '#6b8e23'),
  'side-creamy-garlic-dip': (title) => dipSide(title, '#f4e7b8', '#fbf0dc', '#c9a227'),
  'side-cheddar': (title) => dipSide(title, '#f39c12', '#fde9cc', '#c0650a'),
};

/** One big dip cup, with flecks in a colour of its own so the three dips look different. */
function dipSide(title: string, sauce: string, background: string, fleck: string): string {
  const r = random(title);
  let flecks = '';
  for (let i = 0; i < 7; i++) {
    flecks += `<circle cx="${n(124 + r() * 72)}" cy="${n(96 + r() * 16)}" r="1.8" fill="${fleck}"/>`;
  }
  return svg(
    title,
    background,
    '<ellipse cx="160" cy="200" rx="96" ry="16" fill="#000" opacity=".08"/>' +
      dipCup(160, 104, sauce, 132) +
      flecks +
      `<text x="160" y="170" ${FONT} font-size="15" fill="#5d4037">${esc(title)}</text>`,
  );
}

// ---- beverages: cans and bottles in brand-like colours, the drink's name on the label ----

interface DrinkLook {
  body: string;
  text: string;
  accent: string;
  shape: 'can' | 'tallcan' | 'bottle';
  /** Liquid seen through a bottle; defaults to a darker body colour. */
  liquid?: string;
}

const LOOKS: Record<string, Omit<DrinkLook, 'shape'>> = {
  coke: { body: '#d71920', text: '#fff', accent: '#fff' },
  'diet-coke': { body: '#c9ccd1', text: '#c8102e', accent: '#c8102e' },
  sprite: { body: '#0a8f3c', text: '#fff', accent: '#ffd600' },
  pepsi: { body: '#004b93', text: '#fff', accent: '#e32934' },
  'diet-pepsi': { body: '#b9c7d9', text: '#004b93', accent: '#e32934' },
  'aandw-root-beer': { body: '#5d3319', text: '#ff8f00', accent: '#ff8f00' },
  'root-beer': { body: '#5d3319', text: '#ff8f00', accent: '#ff8f00' },
  'mountain-dew': { body: '#2e7d32', text: '#d4ff3a', accent: '#d4ff3a' },
  'dr-pepper': { body: '#6d0f23', text: '#fff', accent: '#c9a227' },
  'cream-soda': { body: '#f3a6c0', text: '#6a1b4d', accent: '#fff' },
  'orange-crush': { body: '#f57c00', text: '#fff', accent: '#1b5e20' },
  'ginger-ale': { body: '#1f6e43', text: '#f2d16b', accent: '#f2d16b' },
  '7up': { body: '#0b8a3e', text: '#fff', accent: '#e53935' },
  'water-bottle': { body: '#1976d2', text: '#fff', accent: '#fff', liquid: '#d6ecfb' },
  'peace-iced-tea': { body: '#f7c948', text: '#3e2723', accent: '#e65100' },
  'arizona-mango': { body: '#f4a261', text: '#00695c', accent: '#00897b' },
  'arizona-watermelon': { body: '#e85d75', text: '#fff', accent: '#2e7d32' },
  'chocolate-milk': { body: '#fff8e7', text: '#5d3a1a', accent: '#5d3a1a', liquid: '#7b4a2d' },
};

function lookFor(product: SeedProduct): DrinkLook {
  const [kind, ...rest] = product.slug.split('-');
  const key =
    kind === 'can' || kind === 'bottle' || kind === 'drink' ? rest.join('-') : product.slug;
  const look = LOOKS[key];
  if (!look) throw new Error(`No beverage colours for ${product.slug}`);
  const shape =
    kind === 'can'
      ? 'can'
      : kind === 'bottle' || key === 'water-bottle' || key === 'chocolate-milk'
        ? 'bottle'
        : 'tallcan';
  return { ...look, shape };
}

/** The name on a few short lines, squeezed (not cut) when a line is wider than the label. */
function labelText(
  name: string,
  cx: number,
  midY: number,
  maxWidth: number,
  size: number,
  fill: string,
): string {
  const lines: string[] = [];
  for (const word of name.split(' ')) {
    const last = lines.at(-1);
    if (last !== undefined && (last + ' ' + word).length <= 9)
      lines[lines.length - 1] = `${last} ${word}`;
    else lines.push(word);
  }
  const lineHeight = size * 1.1;
  const top = midY - ((lines.length - 1) * lineHeight) / 2 + size * 0.35;
  return lines
    .map((line, index) => {
      const width = line.length * size * 0.66;
      const fit =
        width > maxWidth ? ` textLength="${maxWidth}" lengthAdjust="spacingAndGlyphs"` : '';
      return `<text x="${cx}" y="${n(top + index * lineHeight)}" ${FONT} font-size="${size}" fill="${fill}"${fit}>${esc(line)}</text>`;
    })
    .join('');
}

function drink(product: SeedProduct): string {
  const look = lookFor(product);
  const name = product.name.replace(/ 591 ml$/, '');
  const volume = /(\d+ ml)/.exec(product.description)?.[1] ?? '';
  const background = `${look.body}22`;
  const shadow = '<ellipse cx="160" cy="218" rx="70" ry="9" fill="#000" opacity=".12"/>';
  const drops =
    '<circle cx="0" cy="0" r="2.2"/><circle cx="14" cy="22" r="1.6"/><circle cx="-4" cy="40" r="2"/>';
  if (look.shape === 'bottle') {
    const liquid = look.liquid ?? look.body;
    return svg(
      product.name,
      look.liquid ? `${look.liquid}44` : background,
      shadow +
        `<path d="M148 30h24v30q0 10 18 28q12 12 12 30v84q0 14-14 14h-56q-14 0-14-14v-84q0-18 12-30q18-18 18-28z" fill="${liquid}" stroke="#0000001a" stroke-width="2"/>` +
        `<rect x="145" y="16" width="30" height="18" rx="3" fill="${look.accent === '#fff' ? look.body : look.accent}"/>` +
        `<rect x="118" y="118" width="84" height="74" fill="${look.body}"/>` +
        `<path d="M118 178h84" stroke="${look.accent}" stroke-width="4"/>` +
        `<rect x="126" y="70" width="6" height="120" rx="3" fill="#fff" opacity=".3" transform="rotate(6 129 130)"/>` +
        labelText(name, 160, 146, 76, 15, look.text) +
        `<text x="160" y="172" ${FONT} font-size="9" fill="${look.text}">${volume}</text>`,
    );
  }
  const tall = look.shape === 'tallcan';
  const top = tall ? 22 : 42;
  const height = tall ? 190 : 168;
  const width = tall ? 84 : 96;
  const x = 160 - width / 2;
  return svg(
    product.name,
    background,
    shadow +
      `<rect x="${x}" y="${top}" width="${width}" height="${height}" rx="12" fill="${look.body}"/>` +
      `<rect x="${x + 4}" y="${top - 6}" width="${width - 8}" height="16" rx="7" fill="#c9ccd1"/>` +
      `<rect x="${x + 4}" y="${top + height - 10}" width="${width - 8}" height="12" rx="6" fill="#b0b4ba"/>` +
      `<path d="M${x} ${top + height * 0.72}q${width / 2} -26 ${width} 0v14q-${width / 2} -26 -${width} 0z" fill="${look.accent}" opacity=".85"/>` +
      `<rect x="${x + 10}" y="${top + 18}" width="8" height="${height - 40}" rx="4" fill="#fff" opacity=".25"/>` +
      `<g fill="#fff" opacity=".5" transform="translate(${x + width - 16} ${top + 30})">${drops}</g>` +
      labelText(name, 160, top + height * 0.4, width - 14, tall ? 17 : 18, look.text) +
      `<text x="160" y="${n(top + height * 0.62)}" ${FONT} font-size="10" fill="${look.text}">${volume}</text>`,
  );
}

/**
 * Drawings no seeded product has, that the editor starts a new item from: a one-pizza deal
 * (src/web/features/staff-admin/category-rows.ts) would otherwise borrow a "2 PIZZAS" picture.
 */
const EXTRA: Record<string, (title: string) => string> = {
  'one-pizza-deal': (title) => {
    const r = random('1pz');
    const tops: Topping[] = ['pepperoni', 'mushroom', 'pepper'];
    return svg(
      title,
      '#fbe9d6',
      '<rect x="82" y="52" width="156" height="150" rx="6" fill="#d9a066"/>' +
        pizza(160, 127, 68, ['pepperoni', 'mushroom', 'pepper'], r, 12) +
        badge(160, 30, '1 PIZZA'),
      toppingDefs(tops),
    );
  },
};

function draw(product: SeedProduct): string {
  if (product.category === 'Beverages') return drink(product);
  const drawing = product.category === 'Sides' ? SIDES[product.slug] : MAIN[product.slug];
  if (!drawing) throw new Error(`No drawing for ${product.slug} (${product.name})`);
  return drawing(product.name);
}

const fileOf = (path: string) => join(OUT_DIR, path.replace(/^\/images\//, ''));

let total = 0;
let thumbnails = 0;
for (const product of PRODUCTS) {
  const path = seedImagePath(product);
  const file = fileOf(path);
  const content = draw(product);
  const bytes = Buffer.byteLength(content);
  if (bytes > MAX_BYTES) throw new Error(`${file} is ${bytes} bytes, over the 5 KB budget`);
  mkdirSync(dirname(file), { recursive: true });
  writeFileSync(file, content);
  total += 1;
  // The list rows show a raster thumbnail instead (src/web/shared/thumbnail.ts says why).
  if (isListKind(seededCategory(product.category).kind)) {
    const thumbnail = await sharp(Buffer.from(content), { density: 144 })
      .resize(THUMBNAIL_SIZE.width, THUMBNAIL_SIZE.height)
      .webp({ quality: 80, effort: 6 })
      .toBuffer();
    if (thumbnail.length > MAX_THUMBNAIL_BYTES) {
      throw new Error(`${listThumbnail(path)} is ${thumbnail.length} bytes, over 4 KB`);
    }
    writeFileSync(fileOf(listThumbnail(path)), thumbnail);
    thumbnails += 1;
  }
}
for (const [slug, drawing] of Object.entries(EXTRA)) {
  const file = fileOf(`/images/${slug}.svg`);
  const content = drawing('Pizza deal');
  const bytes = Buffer.byteLength(content);
  if (bytes > MAX_BYTES) throw new Error(`${file} is ${bytes} bytes, over the 5 KB budget`);
  writeFileSync(file, content);
  total += 1;
}
console.log(`Wrote ${total} illustrations and ${thumbnails} list thumbnails to ${OUT_DIR}/`);
