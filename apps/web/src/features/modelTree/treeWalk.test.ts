import { describe, expect, it } from 'vitest';
import { SPATIAL } from './test/treeFixture.ts';
import {
  hiddenCounts,
  initiallyExpanded,
  labelOf,
  LEADS_TO_MATCH,
  MATCHES,
  objectIdsUnder,
  searchTextOf,
  searchTree,
  visibleRows,
} from './treeWalk.ts';

const names = (rows: number[]) => rows.map((node) => labelOf(SPATIAL, node));
const search = (query: string) => searchTree(SPATIAL, searchTextOf(SPATIAL), query);

describe('tree walks', () => {
  it('opens the spatial structure down to the storeys', () => {
    const rows = visibleRows(SPATIAL, initiallyExpanded(SPATIAL), null);
    expect(names(rows)).toEqual(['Works', 'Site', 'Plant', 'Ground Floor', 'Upper Deck']);
  });

  it("lists an opened node's children and skips a closed node's subtree", () => {
    const open = new Set([...initiallyExpanded(SPATIAL), 3]);
    expect(names(visibleRows(SPATIAL, open, null))).toEqual([
      'Works',
      'Site',
      'Plant',
      'Ground Floor',
      'Raw water pump',
      'V-7',
      'Upper Deck',
    ]);
  });

  it('collects the objects of a branch, itself included', () => {
    expect(objectIdsUnder(SPATIAL, 3)).toEqual([20, 21, 22]);
    expect(objectIdsUnder(SPATIAL, 4)).toEqual([20, 21]);
    expect(objectIdsUnder(SPATIAL, 0)).toEqual([20, 21, 22, 30, 31]);
  });

  it('finds matches by tag or name in any case, with their ancestors opened', () => {
    const found = search('p-10')!;
    expect(found.matches).toBe(1);
    expect(found.marks[4]).toBe(MATCHES);
    expect(found.marks[3]).toBe(LEADS_TO_MATCH);
    expect(names(visibleRows(SPATIAL, found.expanded, found))).toEqual([
      'Works',
      'Site',
      'Plant',
      'Ground Floor',
      'Raw water pump',
    ]);
    // a match opened by the user lists all of its children
    const opened = new Set([...found.expanded, 4]);
    expect(names(visibleRows(SPATIAL, opened, found)).at(-1)).toBe('Motor');
    expect(search('  ')).toBeNull();
    expect(search('nothing like it')!.matches).toBe(0);
    expect(names(visibleRows(SPATIAL, new Set(), search('ROOM')!))).toEqual(['Works']);
  });

  it('counts hidden objects up the tree', () => {
    const counts = hiddenCounts(SPATIAL, new Set([21, 22]));
    expect(counts[0]).toBe(2);
    expect(counts[3]).toBe(2);
    expect(counts[4]).toBe(1);
    expect(counts[7]).toBe(0);
  });
});
