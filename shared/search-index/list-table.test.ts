import { describe, expect, it } from 'vitest';
import { ListTable } from './list-table';

const lists = (table: ListTable) => Array.from({ length: table.count }, (_, i) => Array.from(table.get(i)));

describe('list tables', () => {
  it('when laid out from a stream of keyed ids, then each list holds its keys in stream order', () => {
    // key 0 has ids 1 and 2, key 1 has id 2, key 5 has ids 0 and 2
    const table = ListTable.fromStream([-1, 1, 2, -2, 2, -6, 0, 2], 8, 3);
    expect(lists(table)).toEqual([[5], [0], [0, 1, 5]]);
    expect(table.size(2)).toBe(3);
    expect(table.last(1)).toBe(0);
  });

  it('when inverted, then each id lists the keys holding it once, in key order', () => {
    const table = ListTable.invert([0, 2, 2], [2, 2, 5], [1, 1, 0, 1, 1], 3, 3);
    expect(lists(table)).toEqual([[2], [0, 2], []]);
  });

  it('when lists grow, are remapped and packed, then the values follow, in order', () => {
    const table = ListTable.fromStream([-1, 0, -2, 0, 1], 5, 2);
    table.push(1, 7);
    const added = table.add();
    table.push(added, 3);
    expect(lists(table)).toEqual([[0, 1], [1, 7], [3]]);
    const bits = new Uint32Array(1);
    table.setBits(1, bits);
    expect(bits[0]).toBe((1 << 1) | (1 << 7));
    const remap = Int32Array.from([-1, 0, -1, 1, -1, -1, -1, 2]);
    expect(lists(table.remap(remap))).toEqual([[0], [0, 2], [1]]);
    const [offsets, data] = table.pack();
    expect(lists(ListTable.unpack(offsets, data))).toEqual([[0, 1], [1, 7], [3]]);
  });
});
