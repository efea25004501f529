import { act, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { FILTER_CATEGORIES } from '../../../shared/search/facets';
import { useRegistryQuery } from '../../state/registry-query';
import { FilterBar } from './FilterBar';
import { manyNationalities, mixedProfiles, replicaOf } from './filters-test-support';

/** A screen `width` px wide: matchMedia answers max-width queries as a browser would. */
function screenWidth(width: number) {
  Object.defineProperty(window, 'matchMedia', {
    configurable: true,
    writable: true,
    value: (query: string) => {
      const max = /max-width:\s*([\d.]+)px/.exec(query);
      return {
        matches: max ? width <= Number(max[1]) : false,
        media: query,
        onchange: null,
        addEventListener: () => undefined,
        removeEventListener: () => undefined,
        addListener: () => undefined,
        removeListener: () => undefined,
        dispatchEvent: () => false,
      };
    },
  });
}

const categoryButton = (name: string) => screen.getByRole('button', { name: new RegExp(`^${name}(,|$)`) });
const panel = (name: string) => screen.getByRole('group', { name });
/** The search worker's options arrive after the panel opens. */
const optionsLoaded = () => waitFor(() => expect(screen.queryByText('Loading options…')).not.toBeInTheDocument());

beforeEach(() => {
  useRegistryQuery.setState({ kind: 'developer', query: '', filters: {}, page: 1 });
  screenWidth(1280);
});

afterEach(() => {
  vi.useRealTimers();
  Reflect.deleteProperty(window, 'matchMedia');
});

describe('the filter bar', () => {
  it('shows a dropdown button for each product.md#constants category, and none for Project Price Range', async () => {
    render(<FilterBar kind="developer" db={await replicaOf(mixedProfiles())} />);

    const buttons = within(screen.getByRole('list', { name: 'Filter categories' })).getAllByRole('button');
    expect(buttons.map((b) => b.textContent)).toEqual([...FILTER_CATEGORIES]);
    expect(screen.queryByText('Project Price Range')).not.toBeInTheDocument();
    for (const b of buttons) expect(b).toHaveAttribute('aria-expanded', 'false');
  });

  it('when a category is opened, then its options from the replica are checkboxes, and ticking one filters the registry and counts on the button', async () => {
    const user = userEvent.setup();
    render(<FilterBar kind="developer" db={await replicaOf(mixedProfiles())} />);

    await user.click(categoryButton('Industry')); await optionsLoaded();
    const options = within(panel('Industry')).getAllByRole('checkbox');
    expect(options.map((o) => o.closest('label')?.textContent)).toEqual(['DeFi2', 'Exchange1', 'Gaming1', 'NFT1']);
    expect(categoryButton('Industry')).toHaveAttribute('aria-expanded', 'true');

    await user.click(within(panel('Industry')).getByRole('checkbox', { name: /^DeFi/ }));
    await user.click(within(panel('Industry')).getByRole('checkbox', { name: /^NFT/ }));

    expect(useRegistryQuery.getState().filters).toEqual({ Industry: ['DeFi', 'NFT'] });
    expect(within(panel('Industry')).getByRole('checkbox', { name: /^DeFi/ })).toBeChecked();
    expect(categoryButton('Industry')).toHaveAccessibleName('Industry, 2 selected');

    await user.click(within(panel('Industry')).getByRole('checkbox', { name: /^DeFi/ }));
    expect(useRegistryQuery.getState().filters).toEqual({ Industry: ['NFT'] });
  });

  it('when Location, Crypto Wallets, IP Addresses and Telegram Handles open, then they offer Remote and the fixed product.md#constants options', async () => {
    const user = userEvent.setup();
    render(<FilterBar kind="developer" db={await replicaOf(mixedProfiles())} />);
    const values = (name: string) => within(panel(name)).getAllByRole('checkbox').map((o) => o.closest('label')?.querySelector('.filter-option__value')?.textContent);

    for (const name of ['Location', 'Crypto Wallets', 'IP Addresses', 'Telegram Handles']) await user.click(categoryButton(name));
    await optionsLoaded();

    expect(values('Location')).toEqual(['Berlin', 'Lagos', 'Remote']);
    expect(values('Crypto Wallets')).toEqual(['Ethereum', 'Bitcoin', 'Litecoin', 'Multiple', 'Unknown']);
    expect(values('IP Addresses')).toEqual(['192.168.x.x', '203.x.x.x', '104.x.x.x', '10.x.x.x', '172.x.x.x', 'Multiple IPs', 'VPN/Proxy', 'Unknown IP']);
    expect(values('Telegram Handles')).toEqual(['Personal', 'Business']);
  });

  it('when fewer than 2 characters are typed, then only the first 20 options show with a hint to type at least 2', async () => {
    const user = userEvent.setup();
    render(<FilterBar kind="developer" db={await replicaOf(manyNationalities(25))} />);

    await user.click(categoryButton('Nationality')); await optionsLoaded();
    await user.type(screen.getByRole('searchbox', { name: 'Search Nationality options' }), 'C');
    await act(() => new Promise((resolve) => setTimeout(resolve, 250)));

    const options = within(panel('Nationality')).getAllByRole('checkbox');
    expect(options).toHaveLength(20);
    expect(options[0]).toHaveAccessibleName(/^Country 01/);
    expect(options[19]).toHaveAccessibleName(/^Country 20/);
    expect(within(panel('Nationality')).getByRole('status')).toHaveTextContent('Showing 20 of 25. Type at least 2 characters to search.');
  });

  it('when 2 characters are typed, then the options are searched 200 ms after the last keystroke, ignoring case', async () => {
    const user = userEvent.setup();
    render(<FilterBar kind="developer" db={await replicaOf(manyNationalities(25))} />);
    await user.click(categoryButton('Nationality')); await optionsLoaded();
    const search = screen.getByRole('searchbox', { name: 'Search Nationality options' });
    const shown = () => within(panel('Nationality')).getAllByRole('checkbox').map((o) => o.closest('label')?.querySelector('.filter-option__value')?.textContent);
    // keystrokes as change events: Testing Library's async helpers wait on real timers
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });

    fireEvent.change(search, { target: { value: 'rY' } });
    act(() => vi.advanceTimersByTime(150));
    fireEvent.change(search, { target: { value: 'rY 2' } });
    act(() => vi.advanceTimersByTime(199));
    expect(shown()).toHaveLength(20);
    act(() => vi.advanceTimersByTime(1));

    expect(shown()).toEqual(['Country 20', 'Country 21', 'Country 22', 'Country 23', 'Country 24', 'Country 25']);
    expect(within(panel('Nationality')).getByRole('status')).toBeEmptyDOMElement();
  });

  it('when a search matches nothing, then it says so', async () => {
    const user = userEvent.setup();
    render(<FilterBar kind="developer" db={await replicaOf(mixedProfiles())} />);

    await user.click(categoryButton('Industry')); await optionsLoaded();
    await user.type(screen.getByRole('searchbox', { name: 'Search Industry options' }), 'zz');

    expect(await within(panel('Industry')).findByText('No options match “zz”.')).toBeInTheDocument();
    expect(within(panel('Industry')).queryAllByRole('checkbox')).toHaveLength(0);
  });

  it('when the screen is under 768 px, then opening a dropdown closes the open one', async () => {
    screenWidth(767);
    const user = userEvent.setup();
    render(<FilterBar kind="developer" db={await replicaOf(mixedProfiles())} />);

    await user.click(categoryButton('Industry')); await optionsLoaded();
    await user.click(categoryButton('Location')); await optionsLoaded();

    expect(screen.queryByRole('group', { name: 'Industry' })).not.toBeInTheDocument();
    expect(panel('Location')).toBeInTheDocument();
    expect(categoryButton('Industry')).toHaveAttribute('aria-expanded', 'false');
    expect(categoryButton('Location')).toHaveAttribute('aria-expanded', 'true');
  });

  it('when the screen is 768 px or wider, then several dropdowns can be open side by side', async () => {
    screenWidth(768);
    const user = userEvent.setup();
    render(<FilterBar kind="developer" db={await replicaOf(mixedProfiles())} />);

    await user.click(categoryButton('Industry')); await optionsLoaded();
    await user.click(categoryButton('Location')); await optionsLoaded();

    expect(panel('Industry')).toBeInTheDocument();
    expect(panel('Location')).toBeInTheDocument();
  });

  it('when a dropdown is opened from the keyboard, then its search gets the focus, and Escape closes it and returns to its button', async () => {
    screenWidth(390);
    const user = userEvent.setup();
    render(<FilterBar kind="developer" db={await replicaOf(mixedProfiles())} />);

    categoryButton('Scam Type').focus();
    await user.keyboard('{Enter}');
    await optionsLoaded();
    expect(screen.getByRole('searchbox', { name: 'Search Scam Type options' })).toHaveFocus();
    await user.tab();
    expect(within(panel('Scam Type')).getByRole('checkbox', { name: /^Exit Scam/ })).toHaveFocus();
    await user.keyboard(' ');
    expect(useRegistryQuery.getState().filters).toEqual({ 'Scam Type': ['Exit Scam'] });

    await user.keyboard('{Escape}');

    expect(screen.queryByRole('group', { name: 'Scam Type' })).not.toBeInTheDocument();
    expect(categoryButton('Scam Type')).toHaveFocus();
    expect(categoryButton('Scam Type')).toHaveAttribute('aria-expanded', 'false');
  });

  it('when someone clicks outside the bar, then the open dropdowns close; a click inside keeps them', async () => {
    const user = userEvent.setup();
    render(
      <>
        <p>Elsewhere on the page</p>
        <FilterBar kind="developer" db={await replicaOf(mixedProfiles())} />
      </>,
    );
    await user.click(categoryButton('Industry')); await optionsLoaded();
    await user.click(categoryButton('Banks')); await optionsLoaded();

    await user.click(screen.getByRole('searchbox', { name: 'Search Industry options' }));
    expect(panel('Banks')).toBeInTheDocument();
    await user.click(screen.getByText('Elsewhere on the page'));

    expect(screen.queryByRole('group', { name: 'Industry' })).not.toBeInTheDocument();
    expect(screen.queryByRole('group', { name: 'Banks' })).not.toBeInTheDocument();
  });

  it('when a button inside the bar disappears with its own click (a chip, Clear), then the open dropdowns stay open', async () => {
    useRegistryQuery.setState({ filters: { Industry: ['DeFi'], Location: ['Remote'] } });
    const user = userEvent.setup();
    render(<FilterBar kind="developer" db={await replicaOf(mixedProfiles())} />);
    await user.click(categoryButton('Industry')); await optionsLoaded();

    await user.click(screen.getByRole('button', { name: 'Remove Location: Remote' }));
    await user.click(within(panel('Industry')).getByRole('button', { name: 'Clear Industry' }));

    expect(useRegistryQuery.getState().filters).toEqual({});
    expect(panel('Industry')).toBeInTheDocument();
    expect(screen.getByRole('searchbox', { name: 'Search Industry options' })).toHaveFocus();
  });

  it('when a selected value is no longer among the options, then it still shows, ticked, so it can be unticked', async () => {
    useRegistryQuery.setState({ filters: { Industry: ['Lending'] } });
    const user = userEvent.setup();
    render(<FilterBar kind="developer" db={await replicaOf(mixedProfiles())} />);

    await user.click(categoryButton('Industry')); await optionsLoaded();
    const lending = within(panel('Industry')).getByRole('checkbox', { name: /^Lending/ });
    expect(lending).toBeChecked();
    await user.click(lending);

    expect(useRegistryQuery.getState().filters).toEqual({});
  });
});

describe('the filter count badge', () => {
  const valuesIn = (n: number) => Array.from({ length: n }, (_, i) => `Value ${i + 1}`);

  it('when 100 values are selected, then it reads 99+; with 99 it reads 99; with none it is hidden', async () => {
    const db = await replicaOf(mixedProfiles());
    useRegistryQuery.setState({ filters: { Industry: valuesIn(60), Banks: valuesIn(40) } });
    const { unmount } = render(<FilterBar kind="developer" db={db} />);
    expect(screen.getByTestId('filter-count-badge')).toHaveTextContent('99+');
    expect(screen.getByTestId('filter-count-badge')).toHaveTextContent('100 values selected');
    unmount();

    useRegistryQuery.setState({ filters: { Industry: valuesIn(59), Banks: valuesIn(40) } });
    const again = render(<FilterBar kind="developer" db={db} />);
    expect(screen.getByTestId('filter-count-badge').firstChild).toHaveTextContent(/^99$/);
    again.unmount();

    useRegistryQuery.setState({ filters: {} });
    render(<FilterBar kind="developer" db={db} />);
    expect(screen.queryByTestId('filter-count-badge')).not.toBeInTheDocument();
  });
});

describe('the active filter chips in the bar', () => {
  it('when five values are selected, then three chips show and +2 more, which reveals the rest', async () => {
    useRegistryQuery.setState({ filters: { Industry: ['DeFi', 'NFT'], Location: ['Remote'], Banks: ['First Bank', 'Harbor Bank'] } });
    const user = userEvent.setup();
    render(<FilterBar kind="developer" db={await replicaOf(mixedProfiles())} />);
    const chips = () => within(screen.getByRole('list', { name: 'Active filters' })).getAllByRole('button', { name: /^Remove / });

    expect(chips().map((c) => c.getAttribute('aria-label'))).toEqual(['Remove Industry: DeFi', 'Remove Industry: NFT', 'Remove Location: Remote']);
    await user.click(screen.getByRole('button', { name: '+2 more' }));

    expect(chips()).toHaveLength(5);
    expect(screen.getByRole('button', { name: 'Remove Banks: Harbor Bank' })).toBeInTheDocument();
  });

  it('when a chip is removed, then its value leaves the filters and focus moves to the next chip', async () => {
    useRegistryQuery.setState({ query: 'jane', filters: { Industry: ['DeFi', 'NFT'], Location: ['Remote'] } });
    const user = userEvent.setup();
    render(<FilterBar kind="developer" db={await replicaOf(mixedProfiles())} />);

    await user.click(screen.getByRole('button', { name: 'Remove Industry: NFT' }));

    expect(useRegistryQuery.getState().filters).toEqual({ Industry: ['DeFi'], Location: ['Remote'] });
    expect(screen.getByRole('button', { name: 'Remove Location: Remote' })).toHaveFocus();
  });

  it('when Clear all filters is pressed, then every filter goes, the search stays, and focus goes to the bar', async () => {
    useRegistryQuery.setState({ query: 'jane', page: 3, filters: { Industry: ['DeFi'], Location: ['Remote'] } });
    const user = userEvent.setup();
    render(<FilterBar kind="developer" db={await replicaOf(mixedProfiles())} />);

    await user.click(screen.getByRole('button', { name: 'Clear all filters' }));

    expect(useRegistryQuery.getState()).toMatchObject({ query: 'jane', filters: {}, page: 1 });
    expect(screen.queryByRole('list', { name: 'Active filters' })).not.toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'Filters' })).toHaveFocus();
  });
});
