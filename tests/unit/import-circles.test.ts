import { existsSync, readFileSync, readdirSync, statSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';

/**
 * No import circles in src/ (issue 46): a circle means neither file can be read, tested or moved
 * without the other. Type-only imports count too: they tie the files as tightly for a reader.
 */
const ROOT = resolve(import.meta.dirname, '../..');
const SOURCE = join(ROOT, 'src');

function sourceFiles(folder: string): string[] {
  return readdirSync(folder).flatMap((name) => {
    const path = join(folder, name);
    if (statSync(path).isDirectory()) return sourceFiles(path);
    return /\.(ts|tsx)$/.test(name) && !name.endsWith('.d.ts') ? [path] : [];
  });
}

const IMPORT = /(?:^|\n)\s*(?:import|export)\b[^'"`;]*?from\s*['"](\.{1,2}\/[^'"]+)['"]/g;

function target(from: string, specifier: string): string | null {
  const base = resolve(dirname(from), specifier);
  const candidates = [base, `${base}.ts`, `${base}.tsx`, join(base, 'index.ts')];
  const stem = base.replace(/\.js$/, '');
  candidates.push(`${stem}.ts`, `${stem}.tsx`);
  return candidates.find((each) => existsSync(each) && statSync(each).isFile()) ?? null;
}

/** Each file's local imports, as files. */
function importGraph(files: readonly string[]): Map<string, string[]> {
  const graph = new Map<string, string[]>();
  for (const file of files) {
    const text = readFileSync(file, 'utf8');
    const targets = [...text.matchAll(IMPORT)].flatMap(([, specifier]) => {
      const found = specifier ? target(file, specifier) : null;
      return found && found.startsWith(SOURCE) ? [found] : [];
    });
    graph.set(file, [...new Set(targets)]);
  }
  return graph;
}

/** Every circle, each once, as the files in it (Tarjan's strongly connected components). */
function circles(graph: ReadonlyMap<string, readonly string[]>): string[][] {
  let counter = 0;
  const index = new Map<string, number>();
  const low = new Map<string, number>();
  const stack: string[] = [];
  const onStack = new Set<string>();
  const found: string[][] = [];
  const visit = (node: string) => {
    index.set(node, counter);
    low.set(node, counter);
    counter += 1;
    stack.push(node);
    onStack.add(node);
    for (const next of graph.get(node) ?? []) {
      if (!index.has(next)) {
        visit(next);
        low.set(node, Math.min(low.get(node) ?? 0, low.get(next) ?? 0));
      } else if (onStack.has(next)) {
        low.set(node, Math.min(low.get(node) ?? 0, index.get(next) ?? 0));
      }
    }
    if (low.get(node) === index.get(node)) {
      const component: string[] = [];
      let member: string | undefined;
      do {
        member = stack.pop();
        if (member === undefined) break;
        onStack.delete(member);
        component.push(member);
      } while (member !== node);
      const selfLoop = (graph.get(node) ?? []).includes(node);
      if (component.length > 1 || selfLoop) found.push(component.sort());
    }
  };
  for (const node of graph.keys()) if (!index.has(node)) visit(node);
  return found;
}

describe('import circles', () => {
  it('finds a circle when there is one (the check can fail)', () => {
    const graph = new Map([
      ['a', ['b']],
      ['b', ['c']],
      ['c', ['a']],
      ['d', ['a']],
    ]);
    expect(circles(graph)).toEqual([['a', 'b', 'c']]);
  });

  it('reads the imports of src/ (the graph is not empty by accident)', () => {
    const graph = importGraph(sourceFiles(SOURCE));
    const db = join(SOURCE, 'server/data/db.ts');
    expect(graph.get(db)).toContain(join(SOURCE, 'server/data/db/postgres.ts'));
    expect([...graph.values()].flat().length).toBeGreaterThan(500);
  });

  it('src/ has none', () => {
    const found = circles(importGraph(sourceFiles(SOURCE))).map((files) =>
      files.map((file) => relative(ROOT, file)),
    );
    expect(found).toEqual([]);
  });
});
