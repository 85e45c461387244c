import type { ReactNode, Ref } from 'react';
import { adminSection, type AdminSectionId } from './admin-sections';

/** The id of the shown section's heading: one section is on screen at a time. */
export const ADMIN_SECTION_HEADING_ID = 'admin-section-heading';

interface AdminSectionHeaderProps {
  id: AdminSectionId;
  /** A section that gives the heading the focus (when its last row is gone) passes its ref. */
  headingRef?: Ref<HTMLHeadingElement>;
  /** Drawn inside the heading, after its text (Pending Users' count). */
  headingExtra?: ReactNode;
  /** The section's own buttons, beside the heading (Add User; the Orders export). */
  actions?: ReactNode;
}

/**
 * The one header of an admin section (docs/admin.md#dashboard): its heading and description from
 * ADMIN_SECTIONS. The dashboard draws it while the section's code loads, and the section draws the same
 * header with its own count and buttons once loaded, so the words stay in place and the first paint
 * already says where the administrator is.
 */
export function AdminSectionHeader({ id, headingRef, headingExtra, actions }: AdminSectionHeaderProps) {
  const section = adminSection(id);
  return (
    <header className="flex flex-col gap-4 border-b border-border pb-4 sm:flex-row sm:items-start sm:justify-between">
      <div className="min-w-0 space-y-1">
        <h1
          id={ADMIN_SECTION_HEADING_ID}
          ref={headingRef}
          tabIndex={-1}
          className="flex w-fit flex-wrap items-center gap-2 rounded-sm font-display text-2xl font-semibold tracking-tight focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-ring"
        >
          {section.heading}
          {headingExtra}
        </h1>
        <p className="text-muted-foreground">{section.description}</p>
      </div>
      {actions ? <div className="flex flex-wrap gap-2 self-start">{actions}</div> : null}
    </header>
  );
}
