import { describe, expect, it } from 'vitest';
import { render, screen } from '@testing-library/react';
import { Field, fieldMessage } from './Field';

function NameField(props: { problem?: string; hint?: string; announce?: boolean; describedBy?: string; required?: boolean; id?: string }) {
  return (
    <Field label="Full name" {...props}>
      {(control) => <input {...control} className="text-input" />}
    </Field>
  );
}

describe('Field', () => {
  it('when it renders, then its label names the control', () => {
    render(<NameField />);
    const input = screen.getByLabelText('Full name');
    expect(input.tagName).toBe('INPUT');
    expect(input).not.toHaveAttribute('aria-invalid');
    expect(input).not.toHaveAttribute('aria-describedby');
  });

  it('when an id is given, then the control has it and its label points to it', () => {
    render(<NameField id="removal-full_name" hint="As on your papers." />);
    expect(screen.getByLabelText('Full name')).toHaveAttribute('id', 'removal-full_name');
    expect(screen.getByText('As on your papers.')).toHaveAttribute('id', 'removal-full_name-hint');
  });

  it('when the field is required, then a star follows the label, hidden from screen readers', () => {
    render(<NameField required />);
    expect(screen.getByText('*')).toHaveAttribute('aria-hidden', 'true');
    expect(screen.getByRole('textbox', { name: 'Full name' })).toBe(screen.getByLabelText(/^Full name/));
  });

  it('when there is a hint and no problem, then the control is described by the hint', () => {
    render(<NameField hint="As complete as you know it." />);
    expect(screen.getByLabelText('Full name')).toHaveAccessibleDescription('As complete as you know it.');
  });

  it('when there is a problem, then the control is invalid, described by the problem, and the hint gives way', () => {
    render(<NameField hint="As complete as you know it." problem="Please enter your full name." />);
    const input = screen.getByLabelText('Full name');
    expect(input).toHaveAttribute('aria-invalid', 'true');
    expect(input).toHaveAccessibleDescription('Please enter your full name.');
    expect(screen.queryByText('As complete as you know it.')).not.toBeInTheDocument();
  });

  it('when a problem starts in lower case, then the label goes in front of it', () => {
    render(<NameField problem="is required" />);
    expect(screen.getByLabelText('Full name')).toHaveAccessibleDescription('Full name is required');
    expect(fieldMessage('Lost amount', 'Must be a number.')).toBe('Must be a number.');
  });

  it('when the problem is to be announced, then it shows as an alert; otherwise it waits for the focus', () => {
    const { rerender } = render(<NameField problem="Please enter your full name." />);
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
    rerender(<NameField problem="Please enter your full name." announce />);
    expect(screen.getByRole('alert')).toHaveTextContent('Please enter your full name.');
  });

  it('when a message of the whole form is named, then the control is described by it after its own problem', () => {
    render(
      <>
        <p id="form-error">Invalid username or password.</p>
        <NameField problem="Please enter your full name." describedBy="form-error" />
      </>,
    );
    expect(screen.getByLabelText('Full name'))
      .toHaveAccessibleDescription('Please enter your full name. Invalid username or password.');
  });
});
