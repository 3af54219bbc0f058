/**
 * Keybinding key strings ("ctrl+shift+k", chords such as "ctrl+k ctrl+i") in one spelling, so two
 * bindings can be compared whatever order their modifiers are written in.
 */

const MODIFIER_ORDER = ['ctrl', 'shift', 'alt', 'meta'];
const MODIFIER_ALIASES: Readonly<Record<string, string>> = { cmd: 'meta', win: 'meta', option: 'alt' };

/** One chord: modifiers in a fixed order, then the key. */
function normalizeChord(chord: string, platform: 'mac' | 'other'): string {
  const parts = chord.toLowerCase().split('+');
  const key = parts.pop() ?? '';
  const modifiers = new Set(
    parts.map((part) => {
      const modifier = MODIFIER_ALIASES[part] ?? part;
      // VS Code's defaults use Ctrl on Linux and Windows where they use Cmd on macOS (its CtrlCmd
      // modifier), so a macOS key with Cmd is compared as the Ctrl key of the defaults read here.
      return platform === 'mac' && modifier === 'meta' ? 'ctrl' : modifier;
    }),
  );
  return [...MODIFIER_ORDER.filter((modifier) => modifiers.has(modifier)), key].join('+');
}

/** The chords of a key string, each normalized. */
export function normalizeKey(key: string, platform: 'mac' | 'other' = 'other'): string[] {
  return key
    .trim()
    .split(/\s+/)
    .map((chord) => normalizeChord(chord, platform));
}

/** Two keys collide when they are equal or one is the start of the other's chord (it would swallow the chord). */
export function keysCollide(a: readonly string[], b: readonly string[]): boolean {
  const shorter = a.length <= b.length ? a : b;
  const longer = shorter === a ? b : a;
  return shorter.every((chord, index) => chord === longer[index]);
}
