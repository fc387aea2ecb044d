/**
 * The header's views, grouped by what the user is doing: a handful of top-level entries (a group
 * opens a menu) so the header stays one row at any width. AutoMatch sits with Statement under
 * Explore: it is what the ERP itself does with receipts (matching them to invoices), something to
 * watch and understand like a customer's statement, not a tool for testing a client.
 */
import type { View } from './views.ts';

export interface NavItem {
  view: View;
  title: string;
  /** The Alt+key shortcut, where one is free. */
  key?: string;
}

export interface NavGroup {
  /** The group's name in the header; a group of one view is a plain link to it. */
  label: string;
  items: NavItem[];
  /** Shown only to a shared host's trainer (or while the view is open). */
  trainerOnly?: boolean;
}

export const NAV_GROUPS: readonly NavGroup[] = [
  {
    label: 'Explore',
    items: [
      { view: 'console', title: 'Console', key: '2' },
      { view: 'data', title: 'Data', key: '3' },
      { view: 'statement', title: 'Statement', key: '5' },
      { view: 'automatch', title: 'AutoMatch', key: '6' },
    ],
  },
  {
    label: 'Learn',
    items: [
      { view: 'lessons', title: 'Lessons', key: '0' },
      { view: 'lesson-editor', title: 'Write a lesson' },
      { view: 'errors', title: 'Errors', key: '4' },
      { view: 'drill', title: 'Drill' },
    ],
  },
  {
    label: 'Test',
    items: [
      { view: 'journal', title: 'Journal', key: '7' },
      { view: 'faults', title: 'Faults', key: '8' },
      { view: 'collections', title: 'Collections' },
      { view: 'snapshots', title: 'Snapshots', key: '9' },
    ],
  },
  { label: 'Environments', items: [{ view: 'envs', title: 'Environments', key: '1' }] },
  { label: 'Trainer', items: [{ view: 'trainer', title: 'Trainer' }], trainerOnly: true },
];

export const NAV_ITEMS: readonly NavItem[] = NAV_GROUPS.flatMap((g) => g.items);

/** Views whose links name no environment (they cover all of them, or none). */
export const WITHOUT_ENV: ReadonlySet<View> = new Set<View>(['errors', 'trainer']);
