import { act, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { useSettingsStore } from '../../lib/settings-store.ts';
import { useSidebar } from './use-sidebar.ts';

function Harness() {
  const sidebar = useSidebar();
  return (
    <>
      <output data-testid="state">{`${sidebar.isOpen ? 'open' : 'closed'}${sidebar.isOverlay ? ' overlay' : ''}`}</output>
      <button onClick={sidebar.toggle}>Toggle</button>
      <button onClick={sidebar.closeOverlay}>Navigate</button>
    </>
  );
}

const state = () => screen.getByTestId('state').textContent;

function resizeTo(width: number) {
  act(() => {
    window.innerWidth = width;
    window.dispatchEvent(new Event('resize'));
  });
}

describe('useSidebar (docs/product-spec.md §2; an overlay on narrow windows)', () => {
  beforeEach(() => useSettingsStore.setState({ isSidebarActive: true }));
  afterEach(() => {
    window.innerWidth = 1024;
    document.body.style.overflow = '';
  });

  it('on a phone starts closed; the toggle opens it over the content, Escape and navigation close it', () => {
    window.innerWidth = 390;
    render(<Harness />);
    expect(state()).toBe('closed');
    fireEvent.click(screen.getByText('Toggle'));
    expect(state()).toBe('open overlay');
    // The page behind does not scroll while the overlay is open.
    expect(document.body.style.overflow).toBe('hidden');
    fireEvent.keyDown(document, { key: 'Escape' });
    expect(state()).toBe('closed');
    expect(document.body.style.overflow).toBe('');
    fireEvent.click(screen.getByText('Toggle'));
    fireEvent.click(screen.getByText('Navigate'));
    expect(state()).toBe('closed');
    // Opening and closing while narrow is not the saved wide-window choice.
    expect(useSettingsStore.getState().isSidebarActive).toBe(true);
  });

  it('at 1024 px is still narrow; above it sits beside the content, where Escape and navigation leave it open', () => {
    window.innerWidth = 1024;
    render(<Harness />);
    expect(state()).toBe('closed');
    resizeTo(1025);
    expect(state()).toBe('open');
    fireEvent.keyDown(document, { key: 'Escape' });
    fireEvent.click(screen.getByText('Navigate'));
    expect(state()).toBe('open');
    fireEvent.click(screen.getByText('Toggle'));
    expect(state()).toBe('closed');
    expect(useSettingsStore.getState().isSidebarActive).toBe(false);
  });

  it('an open overlay closes when the window becomes narrow again after being wide', () => {
    window.innerWidth = 390;
    render(<Harness />);
    fireEvent.click(screen.getByText('Toggle'));
    resizeTo(1280);
    expect(state()).toBe('open');
    resizeTo(390);
    expect(state()).toBe('closed');
  });
});
