// product.md#constants: pagination shows the first and last page and 2 pages either side of the current one,
// with ellipses where pages are left out; Previous and Next step one page.
import { formatCount } from '../../ui/format';

/** How many pages either side of the current one are listed (product.md#constants). */
export const PAGE_NEIGHBOURS = 2;

export type PageItem = number | 'gap';

/**
 * The page buttons to show, 1-based: first, last, current ± PAGE_NEIGHBOURS, and 'gap' (an
 * ellipsis) wherever pages are left out. pageItems(7, 20) → [1, 'gap', 5, 6, 7, 8, 9, 'gap', 20].
 */
export function pageItems(current: number, total: number): PageItem[] {
  if (total < 1) return [];
  const page = Math.min(Math.max(1, current), total);
  const shown = new Set([1, total]);
  for (let p = page - PAGE_NEIGHBOURS; p <= page + PAGE_NEIGHBOURS; p++) if (p >= 1 && p <= total) shown.add(p);
  const items: PageItem[] = [];
  let previous = 0;
  for (const p of [...shown].sort((a, b) => a - b)) {
    if (p > previous + 1) items.push('gap');
    items.push(p);
    previous = p;
  }
  return items;
}

export interface PaginationProps {
  /** 1-based */
  page: number;
  pageCount: number;
  onPage(page: number): void;
}

export function Pagination({ page, pageCount, onPage }: PaginationProps) {
  if (pageCount <= 1) return null;
  return (
    <nav className="pagination" aria-label="Pages">
      <button type="button" className="button button--secondary pagination__step" disabled={page <= 1} onClick={() => onPage(page - 1)}>
        Previous
      </button>
      <ol className="pagination__pages">
        {pageItems(page, pageCount).map((item, index) =>
          item === 'gap' ? (
            <li key={`gap-${index}`} className="pagination__gap" aria-hidden="true">
              …
            </li>
          ) : (
            <li key={item}>
              <button
                type="button"
                className={item === page ? 'pagination__page pagination__page--current' : 'pagination__page'}
                aria-label={`Page ${formatCount(item)}`}
                aria-current={item === page ? 'page' : undefined}
                onClick={() => { if (item !== page) onPage(item); }}
              >
                {formatCount(item)}
              </button>
            </li>
          ),
        )}
      </ol>
      <button type="button" className="button button--secondary pagination__step" disabled={page >= pageCount} onClick={() => onPage(page + 1)}>
        Next
      </button>
    </nav>
  );
}
