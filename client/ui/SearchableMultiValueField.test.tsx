import { describe, expect, it, vi } from 'vitest';
import { act, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { FILTER_DEBOUNCE_DIALOG_MS } from '../../shared/constants';
import { SearchableMultiValueField } from './SearchableMultiValueField';
import { UNSAVED_ENTRY_HINT } from './TagInput';

const SCAM_TYPES = ['Phishing', 'Pump & Dump', 'Rug Pull', 'Impersonation', 'Identity Theft'];

const containing = (text: string) => SCAM_TYPES.filter((t) => t.toLowerCase().includes(text.toLowerCase()));

function Field({ initial = [], max, load = containing }: { initial?: string[]; max?: number; load?: (text: string) => readonly string[] | Promise<readonly string[]> }) {
  const [values, setValues] = useState<string[]>(initial);
  return (
    <>
      <SearchableMultiValueField label="Scam types" values={values} onChange={setValues} loadSuggestions={load} max={max} />
      <output data-testid="values">{JSON.stringify(values)}</output>
    </>
  );
}

const valuesShown = () => JSON.parse(screen.getByTestId('values').textContent ?? '[]') as string[];

describe('SearchableMultiValueField (product.md#screens, product.md#validation, product.md#calls)', () => {
  it('when 2 characters are typed, then suggestions are asked for once typing has paused 300 ms, not before', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    try {
      const load = vi.fn(containing);
      const user = userEvent.setup({ advanceTimers: vi.advanceTimersByTime });
      render(<Field load={load} />);

      await user.type(screen.getByLabelText('Scam types'), 'p');
      await act(() => vi.advanceTimersByTimeAsync(FILTER_DEBOUNCE_DIALOG_MS));
      expect(load).not.toHaveBeenCalled(); // 1 character: no suggestions

      await user.type(screen.getByLabelText('Scam types'), 'h');
      await act(() => vi.advanceTimersByTimeAsync(FILTER_DEBOUNCE_DIALOG_MS - 50));
      expect(load).not.toHaveBeenCalled();
      expect(screen.queryByRole('option', { name: 'Phishing' })).not.toBeInTheDocument();

      await act(() => vi.advanceTimersByTimeAsync(50));
      expect(load).toHaveBeenCalledExactlyOnceWith('ph');
      expect(screen.getByRole('option', { name: 'Phishing' })).toBeInTheDocument();
    } finally {
      vi.useRealTimers();
    }
  });

  it('when text is typed, then the list offers + Add "{text}" for it, and choosing that adds it as a chip', async () => {
    render(<Field />);
    await userEvent.type(screen.getByLabelText('Scam types'), '  Fake airdrop ');

    await userEvent.click(await screen.findByRole('option', { name: '+ Add "Fake airdrop"' }));

    expect(valuesShown()).toEqual(['Fake airdrop']);
    expect(within(screen.getByRole('list', { name: 'Scam types: added values' })).getByText('Fake airdrop')).toBeInTheDocument();
    expect(screen.getByLabelText('Scam types')).toHaveValue('');
  });

  it('when a suggestion is picked with the arrow keys and Enter, then its own spelling is added', async () => {
    render(<Field />);
    await userEvent.type(screen.getByLabelText('Scam types'), 'rug');
    await screen.findByRole('option', { name: 'Rug Pull' });

    await userEvent.keyboard('{ArrowDown}{Enter}');

    expect(valuesShown()).toEqual(['Rug Pull']);
  });

  it('when Enter is pressed with nothing highlighted, then the typed text is added, trimmed', async () => {
    render(<Field />);
    await userEvent.type(screen.getByLabelText('Scam types'), '  Ponzi  {Enter}');
    expect(valuesShown()).toEqual(['Ponzi']);
  });

  it('when a value already added is typed again, in any case, then it is refused with a message and offered no more', async () => {
    render(<Field initial={['Phishing']} />);
    await userEvent.type(screen.getByLabelText('Scam types'), 'phishing');
    // neither as a suggestion nor as free text
    await new Promise((r) => setTimeout(r, FILTER_DEBOUNCE_DIALOG_MS + 50));
    expect(screen.queryByRole('option')).not.toBeInTheDocument();

    await userEvent.keyboard('{Enter}');

    expect(valuesShown()).toEqual(['Phishing']);
    expect(screen.getByText('"phishing" is already added.')).toBeInTheDocument();
  });

  it('when the list was closed with Escape, then Enter still adds the typed text', async () => {
    render(<Field />);
    await userEvent.type(screen.getByLabelText('Scam types'), 'Ponzi');
    await userEvent.keyboard('{Escape}');
    expect(screen.queryByRole('option')).not.toBeInTheDocument();

    await userEvent.keyboard('{Enter}');

    expect(valuesShown()).toEqual(['Ponzi']);
  });

  it('when text is typed but not added, then the hint warns that it will not be submitted', async () => {
    render(<Field />);
    await userEvent.type(screen.getByLabelText('Scam types'), 'Ponzi');
    expect(screen.getByText(UNSAVED_ENTRY_HINT)).toBeInTheDocument();
  });

  it('when a chip is removed, then its value goes and the others stay', async () => {
    render(<Field initial={['Phishing', 'Rug Pull']} />);
    await userEvent.click(screen.getByRole('button', { name: 'Remove Phishing' }));
    expect(valuesShown()).toEqual(['Rug Pull']);
  });

  it('when the field holds its maximum, then the input is disabled', () => {
    render(<Field initial={['Acme Ltd']} max={1} />);
    expect(screen.getByLabelText('Scam types')).toBeDisabled();
  });

  it('when loading suggestions fails, then it is only logged and free text still works', async () => {
    const error = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    try {
      render(<Field load={() => Promise.reject(new Error('replica unavailable'))} />);
      await userEvent.type(screen.getByLabelText('Scam types'), 'Ponzi');
      await vi.waitFor(() => expect(error).toHaveBeenCalledWith('Loading suggestions failed', expect.any(Error)));
      expect(screen.getByRole('option', { name: '+ Add "Ponzi"' })).toBeInTheDocument();
      expect(screen.queryByRole('alert')).not.toBeInTheDocument();
    } finally {
      error.mockRestore();
    }
  });
});

describe('SearchableMultiValueField in a dialog', () => {
  it('when Escape is pressed with the list open, then only the list closes; the next Escape closes the dialog', async () => {
    const { Modal } = await import('./Modal');
    function InDialog() {
      const [open, setOpen] = useState(true);
      const [values, setValues] = useState<string[]>([]);
      return (
        <Modal open={open} onOpenChange={setOpen} title="Add Scam">
          <SearchableMultiValueField label="Scam types" values={values} onChange={setValues} loadSuggestions={containing} />
        </Modal>
      );
    }
    render(<InDialog />);
    await userEvent.type(screen.getByRole('combobox', { name: 'Scam types' }), 'ph');
    await screen.findByRole('option', { name: 'Phishing' });

    await userEvent.keyboard('{Escape}');
    expect(screen.queryByRole('option')).not.toBeInTheDocument();
    expect(screen.getByRole('dialog', { name: 'Add Scam' })).toBeInTheDocument();

    await userEvent.keyboard('{Escape}');
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });
});
