import type { ReactNode } from 'react';

/** The card list the user lists become under 1280 px (see use-compact-layout.ts). */
export function UserCardList({ label, children }: { label: string; children: ReactNode }) {
  return (
    <ul aria-label={label} className="flex flex-col gap-3">
      {children}
    </ul>
  );
}

interface UserCardProps {
  name: ReactNode;
  badges: ReactNode;
  /** The `dt`/`dd` pairs of the card's details. */
  details: ReactNode;
  actions: ReactNode;
}

/** One user as a card: name and badges on top, then the details, then the actions. */
export function UserCard({ name, badges, details, actions }: UserCardProps) {
  return (
    <li className="rounded-lg border border-border bg-card p-4 text-sm shadow-sm">
      <div className="flex items-start justify-between gap-3">
        <div className="min-w-0">{name}</div>
        {badges}
      </div>
      <dl className="mt-3 grid grid-cols-[auto_1fr] gap-x-3 gap-y-1">{details}</dl>
      <div className="mt-3">{actions}</div>
    </li>
  );
}
