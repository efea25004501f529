import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { Pagination, pageItems } from './Pagination';

describe('pageItems (product.md#constants: first, last, 2 either side of the current page, ellipses)', () => {
  it('when there are no pages, then there are no items', () => {
    expect(pageItems(1, 0)).toEqual([]);
  });

  it('when there are few pages, then every page is listed without ellipses', () => {
    expect(pageItems(1, 1)).toEqual([1]);
    expect(pageItems(3, 5)).toEqual([1, 2, 3, 4, 5]);
  });

  it('when the current page is in the middle of many, then ellipses stand on both sides', () => {
    expect(pageItems(7, 20)).toEqual([1, 'gap', 5, 6, 7, 8, 9, 'gap', 20]);
  });

  it('when the current page is the first or the last, then one ellipsis stands before or after', () => {
    expect(pageItems(1, 20)).toEqual([1, 2, 3, 'gap', 20]);
    expect(pageItems(20, 20)).toEqual([1, 'gap', 18, 19, 20]);
  });

  it('when the neighbours reach the first page, then no ellipsis stands between them', () => {
    expect(pageItems(4, 20)).toEqual([1, 2, 3, 4, 5, 6, 'gap', 20]);
    expect(pageItems(5, 20)).toEqual([1, 'gap', 3, 4, 5, 6, 7, 'gap', 20]);
  });

  it('when the page is out of range, then the nearest page counts as current', () => {
    expect(pageItems(99, 12)).toEqual(pageItems(12, 12));
    expect(pageItems(0, 12)).toEqual(pageItems(1, 12));
  });
});

describe('the pagination control', () => {
  it('when there is one page, then nothing shows', () => {
    const { container } = render(<Pagination page={1} pageCount={1} onPage={() => {}} />);
    expect(container).toBeEmptyDOMElement();
  });

  it('when a page number, Next or Previous is pressed, then that page is asked for', async () => {
    const onPage = vi.fn();
    render(<Pagination page={7} pageCount={20} onPage={onPage} />);

    expect(screen.getByRole('button', { name: 'Page 7' })).toHaveAttribute('aria-current', 'page');
    expect(screen.getByRole('button', { name: 'Page 6' })).not.toHaveAttribute('aria-current');
    expect(screen.queryByRole('button', { name: 'Page 4' })).not.toBeInTheDocument();
    expect(screen.getAllByText('…')).toHaveLength(2);

    await userEvent.click(screen.getByRole('button', { name: 'Page 20' }));
    await userEvent.click(screen.getByRole('button', { name: 'Next' }));
    await userEvent.click(screen.getByRole('button', { name: 'Previous' }));
    expect(onPage.mock.calls).toEqual([[20], [8], [6]]);
  });

  it('when on the first or last page, then Previous or Next is disabled', () => {
    const { rerender } = render(<Pagination page={1} pageCount={3} onPage={() => {}} />);
    expect(screen.getByRole('button', { name: 'Previous' })).toBeDisabled();
    expect(screen.getByRole('button', { name: 'Next' })).toBeEnabled();

    rerender(<Pagination page={3} pageCount={3} onPage={() => {}} />);
    expect(screen.getByRole('button', { name: 'Previous' })).toBeEnabled();
    expect(screen.getByRole('button', { name: 'Next' })).toBeDisabled();
  });
});
