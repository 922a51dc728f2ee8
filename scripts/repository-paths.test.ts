import { describe, expect, it } from 'vitest';
import { escapingPaths } from './repository-paths.ts';

const root = '/repo';
const literals = (file: string, text: string) => escapingPaths(root, file, text).map((hit) => hit.literal);

describe('paths that climb out of the repository', () => {
  it('reports a sibling folder reached from a file', () => {
    expect(
      literals('e2e/a.spec.ts', "path.resolve(import.meta.dirname, '../../sibling-folder/focus.csv')"),
    ).toEqual(['../../sibling-folder/focus.csv']);
  });

  it('reports a sibling folder reached from the root (repoRoot, cwd)', () => {
    expect(
      literals('src/server/testing/x.ts', "path.resolve(repoRoot, '../sibling-folder/focus.csv')"),
    ).toEqual(['../sibling-folder/focus.csv']);
  });

  it('lets a file climb to the root and name what lies inside', () => {
    expect(literals('src/server/testing/x.ts', "path.resolve(here, '../../..')")).toEqual([]);
    expect(literals('src/catalog/x.ts', "path.join(here, '../../data-catalog/catalog.csv')")).toEqual([]);
    expect(literals('e2e/a.spec.ts', "import { x } from '../src/server/testing/raw.ts';")).toEqual([]);
  });

  it('reports a root reached by too many steps and a climb in the middle of a path', () => {
    expect(literals('src/a.ts', "resolve(here, '../../..')")).toEqual(['../../..']);
    expect(literals('src/a.ts', "resolve(process.cwd(), '../x')")).toEqual(['../x']);
    expect(literals('bench/b.ts', 'read(`test/fixtures/../../../../x`)')).toEqual([
      'test/fixtures/../../../../x',
    ]);
  });

  it('names the line', () => {
    expect(escapingPaths(root, 'bench/b.ts', "one\ntwo '../../elsewhere/x'\n")).toEqual([
      { file: 'bench/b.ts', line: 2, literal: '../../elsewhere/x' },
    ]);
  });
});
