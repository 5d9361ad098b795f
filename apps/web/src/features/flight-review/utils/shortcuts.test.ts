import { afterEach, describe, expect, it } from 'vitest';
import { getShortcutAction } from './shortcuts.ts';

function press(
  key: string,
  target: Element = document.body,
  modifiers: Partial<Pick<KeyboardEvent, 'ctrlKey' | 'metaKey' | 'altKey'>> = {},
) {
  return getShortcutAction({ key, target, ctrlKey: false, metaKey: false, altKey: false, defaultPrevented: false, ...modifiers });
}

function place(html: string): HTMLElement {
  document.body.innerHTML = html;
  return document.body;
}

describe('review shortcuts', () => {
  afterEach(() => {
    document.body.innerHTML = '';
  });

  it('maps Space, ← / →, M and ? on the page', () => {
    expect([' ', 'ArrowLeft', 'ArrowRight', 'm', 'M', '?', 'x', 'Enter'].map((key) => press(key))).toEqual([
      'toggle-play',
      'back',
      'forward',
      'add-marker',
      'add-marker',
      'show-shortcuts',
      null,
      null,
    ]);
  });

  it('leaves the keys to fields being typed in or chosen from, and to widgets steered with arrows', () => {
    const page = place(
      '<input id="text"><textarea id="notes"></textarea><select id="role"></select><div contenteditable="true"><b id="rich">x</b></div><div role="radiogroup"><button id="radio"></button></div>',
    );
    for (const id of ['text', 'notes', 'role', 'rich', 'radio']) {
      const target = page.querySelector(`#${id}`)!;
      expect(
        [' ', 'ArrowLeft', 'm', '?'].map((key) => press(key, target)),
        id,
      ).toEqual([null, null, null, null]);
    }
  });

  it('does nothing while a dialog is open, with Ctrl / Cmd / Alt, or when someone handled the key already', () => {
    place('<div role="dialog" aria-modal="true"></div>');
    expect(press(' ')).toBeNull();
    document.body.innerHTML = '';
    expect(press('ArrowRight', document.body, { ctrlKey: true })).toBeNull();
    expect(press('m', document.body, { metaKey: true })).toBeNull();
    expect(press('ArrowLeft', document.body, { altKey: true })).toBeNull();
    expect(
      getShortcutAction({ key: ' ', target: document.body, ctrlKey: false, metaKey: false, altKey: false, defaultPrevented: true }),
    ).toBeNull();
  });

  it('Space still presses a focused button elsewhere (Share, Save…), but plays on the player, the transcript and the markers', () => {
    const page = place(
      '<button id="share">Share</button><div data-playback-keys><button id="word">Roger</button></div><a id="back" href="/x">Back</a>',
    );
    expect(press(' ', page.querySelector('#share')!)).toBeNull();
    expect(press(' ', page.querySelector('#back')!)).toBeNull();
    expect(press(' ', page.querySelector('#word')!)).toBe('toggle-play');
    // The other keys are not a button's: they work on any of them.
    expect(press('ArrowRight', page.querySelector('#share')!)).toBe('forward');
  });
});
