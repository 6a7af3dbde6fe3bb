import { CHAIR_SEAT } from '#contract/roundtable-text.ts';

/**
 * Each executive's avatar: initials and a colour of their own, the same everywhere. Colours are
 * Tailwind classes with enough contrast in light and dark themes.
 */
const palette = [
  'bg-sky-600 text-white',
  'bg-amber-500 text-slate-950',
  'bg-emerald-600 text-white',
  'bg-rose-600 text-white',
  'bg-violet-600 text-white',
  'bg-teal-500 text-slate-950',
  'bg-orange-600 text-white',
  'bg-indigo-600 text-white',
  'bg-lime-500 text-slate-950',
  'bg-fuchsia-600 text-white',
];

const ROLE_ORDER = ['CEO', 'CFO', 'CHRO', 'CIO', 'CISO', 'CMO', 'COO', 'CTO', 'Director', 'Manager', 'Private Equity Partner', 'Research Analyst', 'VP', 'VP Legal', 'VP Manufacturing', 'VP Quality', 'VP Sales', 'VP Supply Chain'];

export function seatColour(role: string): string {
  if (role === CHAIR_SEAT) return 'bg-foreground text-background';
  const index = ROLE_ORDER.indexOf(role);
  return palette[(index < 0 ? role.length : index) % palette.length]!;
}

/** "CFO" -> "CFO", "VP Supply Chain" -> "VSC", "Private Equity Partner" -> "PEP", "Director" -> "DI". */
export function seatInitials(role: string): string {
  if (role === CHAIR_SEAT) return 'CH';
  if (/^[A-Z]{2,4}$/.test(role)) return role;
  const words = role.split(/\s+/).filter(Boolean);
  if (words.length === 1) return role.slice(0, 2).toUpperCase();
  return words
    .map((w) => w[0]!.toUpperCase())
    .join('')
    .slice(0, 3);
}
