import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { decisionValidation, decisionsText } from '#contract/decisions.ts';
import { DecisionFormDialog } from './decision-form-dialog.tsx';

const initial = { kind: 'decision' as const, text: 'Open the Leeds store in March.', owner: '', dueDate: '', followUpOn: '' };
const text = decisionsText.dialog;

describe('DecisionFormDialog', () => {
  it('starts from the reply, says what is wrong in the contract words, and sends the parsed fields', async () => {
    const onSubmit = vi.fn();
    render(<DecisionFormDialog open mode="save" initial={initial} pending={false} onOpenChange={() => {}} onSubmit={onSubmit} />);
    const field = screen.getByRole('textbox', { name: text.text });
    expect(field).toHaveValue(initial.text);

    await userEvent.clear(field);
    await userEvent.click(screen.getByRole('button', { name: text.save }));
    expect(await screen.findByText(decisionValidation.textRequired)).toBeInTheDocument();
    expect(field).toHaveAttribute('aria-invalid', 'true');
    expect(onSubmit).not.toHaveBeenCalled();

    await userEvent.type(field, 'Brief the board');
    await userEvent.click(screen.getByRole('radio', { name: text.kinds.action }));
    await userEvent.type(screen.getByRole('textbox', { name: text.owner }), 'Sam');
    await userEvent.type(screen.getByLabelText(text.followUpOn), '2031-03-15');
    await userEvent.click(screen.getByRole('button', { name: text.save }));
    expect(onSubmit).toHaveBeenCalledWith({ kind: 'action', text: 'Brief the board', owner: 'Sam', dueDate: null, followUpOn: '2031-03-15' });
  });

  it('is titled for editing, and Cancel closes it', async () => {
    const onOpenChange = vi.fn();
    render(<DecisionFormDialog open mode="edit" initial={initial} pending={false} onOpenChange={onOpenChange} onSubmit={() => {}} />);
    expect(screen.getByRole('dialog', { name: text.editTitle })).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: text.cancel }));
    expect(onOpenChange).toHaveBeenCalledWith(false);
  });
});
