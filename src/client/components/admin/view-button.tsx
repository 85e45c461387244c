import { Eye } from 'lucide-react';
import { Button } from '../ui/button';

interface ViewButtonProps {
  /** The visible text, e.g. 'View Items'. */
  children: string;
  /** The name assistive technology reads, naming the row: 'View Items of order WO-1001'. */
  label: string;
  onClick: () => void;
}

/** A list row's button that opens the row in a dialog. */
export function ViewButton({ children, label, onClick }: ViewButtonProps) {
  return (
    <Button variant="outline" size="sm" aria-label={label} onClick={onClick}>
      <Eye aria-hidden="true" />
      {children}
    </Button>
  );
}
