/** How far ← / → and the −10 s / +10 s buttons move the playback. */
export const playbackSkipMs = 10_000;

export const shortcutActions = ['toggle-play', 'back', 'forward', 'add-marker', 'show-shortcuts'] as const;
export type ShortcutAction = (typeof shortcutActions)[number];

/** The "?" list, in the order it is shown. `needsEdit`: only for those who may edit the flight. */
export const playbackShortcuts: readonly { action: ShortcutAction; keys: string; description: string; needsEdit?: true }[] = [
  { action: 'toggle-play', keys: 'Space', description: 'Play or pause' },
  { action: 'back', keys: '←', description: 'Back 10 seconds' },
  { action: 'forward', keys: '→', description: 'Forward 10 seconds' },
  { action: 'add-marker', keys: 'M', description: 'Add a marker at the current time', needsEdit: true },
  { action: 'show-shortcuts', keys: '?', description: 'Show these shortcuts' },
];

/** Marks the parts of the screen where Space plays even on a focused button: the player, the transcript, the marker list. */
export const playbackSurfaceAttribute = 'data-playback-keys';

/** Where keys belong to what has focus: typing, choosing, or a widget steered with arrows. */
const ownsKeys = [
  'input',
  'textarea',
  'select',
  '[contenteditable]:not([contenteditable="false"])',
  '[role="textbox"]',
  '[role="slider"]',
  '[role="listbox"]',
  '[role="menu"]',
  '[role="radiogroup"]',
  '[role="tablist"]',
  '[role="grid"]',
].join(', ');
/** Controls that Space presses: outside the playback surfaces it keeps doing so. */
const pressedBySpace = 'button, a[href], summary, [role="button"], [role="link"], [role="checkbox"], [role="switch"]';

type KeyEvent = Pick<KeyboardEvent, 'key' | 'ctrlKey' | 'metaKey' | 'altKey' | 'defaultPrevented' | 'target'>;

/**
 * The review shortcut a key press asks for, or null when the key is not ours: while typing, while a
 * dialog is open, with Ctrl / Cmd / Alt (the browser's and the system's shortcuts), or when someone
 * else already handled it (the map pans with the arrows when it has focus).
 */
export function getShortcutAction(event: KeyEvent): ShortcutAction | null {
  if (event.defaultPrevented || event.ctrlKey || event.metaKey || event.altKey) return null;
  const target = event.target instanceof Element ? event.target : null;
  if (target?.closest(ownsKeys) || document.querySelector('[aria-modal="true"]')) return null;
  switch (event.key) {
    case ' ':
      return target?.closest(pressedBySpace) && !target.closest(`[${playbackSurfaceAttribute}]`) ? null : 'toggle-play';
    case 'ArrowLeft':
      return 'back';
    case 'ArrowRight':
      return 'forward';
    case 'm':
    case 'M':
      return 'add-marker';
    case '?':
      return 'show-shortcuts';
    default:
      return null;
  }
}
