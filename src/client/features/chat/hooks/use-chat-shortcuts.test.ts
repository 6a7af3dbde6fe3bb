import { renderHook } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { useChatShortcuts } from './use-chat-shortcuts.ts';

const press = (init: KeyboardEventInit, target: EventTarget = document.body) => {
  const event = new KeyboardEvent('keydown', { bubbles: true, cancelable: true, ...init });
  target.dispatchEvent(event);
  return event;
};

function setup() {
  const actions = { newConversation: vi.fn(), toggleSidebar: vi.fn(), focusInput: vi.fn(), showShortcuts: vi.fn() };
  renderHook(() => useChatShortcuts(actions));
  return actions;
}

afterEach(() => document.body.replaceChildren());

describe('the sidebar shortcut (Ctrl/⌘+Shift+., decision 033)', () => {
  it('toggles the sidebar by the key’s place, with Ctrl or ⌘, also from the message box', () => {
    const actions = setup();
    expect(press({ key: '>', code: 'Period', ctrlKey: true, shiftKey: true }).defaultPrevented).toBe(true);
    press({ key: '.', code: 'Period', metaKey: true, shiftKey: true });
    const box = document.body.appendChild(document.createElement('textarea'));
    press({ key: ':', code: 'Period', ctrlKey: true, shiftKey: true }, box);
    expect(actions.toggleSidebar).toHaveBeenCalledTimes(3);
  });

  it('ignores the key without Shift, with Alt, or while another dialog is open (the sidebar drawer itself may be)', () => {
    const actions = setup();
    press({ key: '.', code: 'Period', ctrlKey: true });
    press({ key: '>', code: 'Period', ctrlKey: true, shiftKey: true, altKey: true });
    const dialog = document.body.appendChild(document.createElement('div'));
    dialog.setAttribute('role', 'dialog');
    press({ key: '>', code: 'Period', ctrlKey: true, shiftKey: true });
    expect(actions.toggleSidebar).not.toHaveBeenCalled();
    dialog.dataset.testid = 'chat-sidebar';
    press({ key: '>', code: 'Period', ctrlKey: true, shiftKey: true });
    expect(actions.toggleSidebar).toHaveBeenCalledTimes(1);
    expect(actions.newConversation).not.toHaveBeenCalled();
  });
});
