import { describe, expect, it } from 'vitest';
import { act, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { PendingEntries, PendingEntriesContext, TagInput, UNSAVED_ENTRY_HINT, addValue } from './TagInput';

function Field({ max, initial = [], notes }: { max?: number; initial?: string[]; notes?(value: string): string | null }) {
  const [values, setValues] = useState<string[]>(initial);
  return <TagInput label="Websites" values={values} onChange={setValues} max={max} notes={notes} />;
}

describe('TagInput (product.md#validation list inputs)', () => {
  it('when a value is typed and Enter pressed, then it is added trimmed as a chip', async () => {
    render(<Field />);
    await userEvent.type(screen.getByLabelText('Websites'), '  scam.example  {Enter}');
    expect(screen.getByText('scam.example')).toBeInTheDocument();
    expect(screen.getByLabelText('Websites')).toHaveValue('');
  });

  it('when the plus button is pressed, then the typed value is added', async () => {
    render(<Field />);
    await userEvent.type(screen.getByLabelText('Websites'), 'a.example');
    await userEvent.click(screen.getByRole('button', { name: 'Add Websites' }));
    expect(screen.getByText('a.example')).toBeInTheDocument();
  });

  it('when text is typed but not added, then the hint warns it will not be submitted', async () => {
    render(<Field />);
    await userEvent.type(screen.getByLabelText('Websites'), 'pending.example');
    expect(screen.getByText(UNSAVED_ENTRY_HINT)).toBeInTheDocument();
  });

  it('when a duplicate is entered, then it is refused with a message', async () => {
    render(<Field initial={['a.example']} />);
    await userEvent.type(screen.getByLabelText('Websites'), 'A.EXAMPLE{Enter}');
    expect(screen.getAllByText('a.example')).toHaveLength(1);
    expect(screen.getByText('"A.EXAMPLE" is already added.')).toBeInTheDocument();
  });

  it('when only blanks are entered, then nothing is added', () => {
    expect(addValue(['x'], '   ')).toEqual({ problem: '' });
  });

  it('when a chip is removed, then its value goes', async () => {
    render(<Field initial={['a.example', 'b.example']} />);
    await userEvent.click(screen.getByRole('button', { name: 'Remove a.example' }));
    expect(screen.queryByText('a.example')).not.toBeInTheDocument();
    expect(screen.getByText('b.example')).toBeInTheDocument();
  });

  it('when the field holds its maximum, then the input is disabled', () => {
    render(<Field max={1} initial={['Acme']} />);
    expect(screen.getByLabelText('Websites')).toBeDisabled();
  });

  it('when notes are given, then a value with a note shows it under it, and one without shows none', () => {
    render(<Field initial={['a.example', 'b']} notes={(v) => (v.includes('.') ? null : 'Not a website.')} />);
    const chips = within(screen.getByRole('list', { name: 'Websites: added values' })).getAllByRole('listitem');
    expect(chips[0]).toHaveTextContent(/^a\.example×$/);
    expect(chips[1]).toHaveTextContent('Not a website.');
    expect(chips[1]).toHaveClass('chip--noted');
  });

  it('when inside a form\'s PendingEntries, then the typed text is known to the form, which can add or discard it', async () => {
    const entries = new PendingEntries();
    render(<PendingEntriesContext.Provider value={entries}><Field /></PendingEntriesContext.Provider>);
    expect(entries.typed()).toEqual([]);

    await userEvent.type(screen.getByLabelText('Websites'), 'pending.example');
    expect(entries.typed().map((e) => [e.label, e.text])).toEqual([['Websites', 'pending.example']]);

    let added = false;
    act(() => { added = entries.typed()[0]!.add(); });
    expect(added).toBe(true);
    expect(screen.getByText('pending.example')).toBeInTheDocument();
    expect(entries.typed()).toEqual([]);

    await userEvent.type(screen.getByLabelText('Websites'), 'other.example');
    act(() => entries.typed()[0]!.discard());
    expect(screen.getByLabelText('Websites')).toHaveValue('');
    expect(screen.queryByText('other.example')).not.toBeInTheDocument();
  });
});
