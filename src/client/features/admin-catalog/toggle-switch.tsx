import { cn } from '../../lib/cn';

interface ToggleSwitchProps {
  checked: boolean;
  /** The switch's accessible name, e.g. 'Active: 800-0001'. */
  label: string;
  disabled?: boolean;
  /** Why it is disabled, shown as a tooltip and read with the switch. */
  disabledReason?: string;
  onChange: (checked: boolean) => void;
}

/**
 * An on/off switch: a button with role="switch", so Space and Enter toggle it and assistive technology
 * announces "on"/"off". Disabled while its change is being saved.
 */
export function ToggleSwitch({
  checked,
  label,
  disabled = false,
  disabledReason,
  onChange,
}: ToggleSwitchProps) {
  return (
    <button
      type="button"
      role="switch"
      aria-checked={checked}
      aria-label={label}
      title={disabled ? disabledReason : undefined}
      disabled={disabled}
      onClick={() => onChange(!checked)}
      className={cn(
        'relative inline-flex h-6 w-11 shrink-0 items-center rounded-full border-2 border-transparent transition-colors',
        'focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-ring',
        'disabled:cursor-not-allowed disabled:opacity-50',
        checked ? 'bg-primary' : 'bg-muted-foreground',
      )}
    >
      <span
        aria-hidden="true"
        className={cn(
          'pointer-events-none block size-5 rounded-full bg-white shadow transition-transform',
          checked ? 'translate-x-5' : 'translate-x-0',
        )}
      />
    </button>
  );
}
