import { useMutation } from '@tanstack/react-query';
import { Send } from 'lucide-react';
import { useId, useRef, useState, type FormEvent, type Ref } from 'react';
import { toast } from '../../lib/toast';
import {
  cleanSupportMessage,
  SUPPORT_MESSAGE_MAX,
  SUPPORT_MESSAGES,
  supportMessageLength,
  type SupportPriority,
} from '../../../shared/schemas/support';
import { Button } from '../../components/ui/button';
import { inputClassName } from '../../components/ui/field';
import { SelectField } from '../../components/ui/select-field';
import { cn } from '../../lib/cn';
import { PriorityChoices } from './priority-choices';
import { sendFailureDescription, sendSupportMessage } from './support-api';
import {
  checkSupportForm,
  subjectOptions,
  type SupportFieldErrors,
  type SupportPrefill,
} from './support-form-model';
import { useFocusOnMount } from './use-focus-on-mount';

interface ContactFormProps {
  /**
   * What the form opens with. The subject may still change while the form is open (an order-issue link
   * learns the Shopify order number when the order loads): it is followed until the customer picks one.
   */
  prefill: SupportPrefill;
  /** The order the message is about (an order-issue link), sent as specificOrderId. */
  orderId: number | null;
  onCancel: () => void;
  onSent: () => void;
}

/** The support form (spec 001 §2, §5): subject, priority, message, then POST /api/support/contact. */
export function ContactForm({ prefill, orderId, onCancel, onSent }: ContactFormProps) {
  const id = useId();
  const headingRef = useFocusOnMount<HTMLHeadingElement>(true);
  const subjectRef = useRef<HTMLSelectElement>(null);
  const priorityRef = useRef<HTMLFieldSetElement>(null);
  const messageRef = useRef<HTMLTextAreaElement>(null);

  // null until the customer picks a subject: until then the prefill's (possibly updated) subject holds.
  const [chosenSubject, setChosenSubject] = useState<string | null>(null);
  const [priority, setPriority] = useState<SupportPriority | ''>(prefill.priority);
  const [message, setMessage] = useState('');
  // Rules are shown from the first submit on, and then follow the typing so a fixed field clears.
  const [submitted, setSubmitted] = useState(false);

  const subject = chosenSubject ?? prefill.subject;
  const values = { subject, priority, message };
  const check = checkSupportForm(values);
  const errors: SupportFieldErrors = submitted && !check.ok ? check.errors : {};

  const send = useMutation({
    mutationFn: sendSupportMessage,
    onSuccess: () => {
      toast.success(SUPPORT_MESSAGES.sentTitle, { description: SUPPORT_MESSAGES.sentDescription });
      onSent();
    },
    // The typed message stays in the form, so nothing is lost.
    onError: (error) => {
      toast.error(SUPPORT_MESSAGES.failedTitle, { description: sendFailureDescription(error) });
    },
  });

  function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (send.isPending) return;
    setSubmitted(true);
    if (!check.ok) {
      focusFirstProblem(check.errors);
      return;
    }
    send.mutate({ ...check.data, specificOrderId: orderId });
  }

  function focusFirstProblem(found: SupportFieldErrors) {
    if (found.subject) subjectRef.current?.focus();
    else if (found.priority) priorityRef.current?.querySelector('input')?.focus();
    else if (found.message) messageRef.current?.focus();
  }

  const headingId = `${id}-heading`;
  // Counted as the rule counts it: what surrounds the text (a pasted trailing line break) is trimmed off
  // before sending, so it does not count towards 10 or 2000 either.
  const length = supportMessageLength(cleanSupportMessage(message));
  return (
    <section
      aria-labelledby={headingId}
      className="min-w-0 rounded-2xl border border-border bg-card p-4 shadow-sm sm:p-6"
    >
      <h2
        id={headingId}
        ref={headingRef}
        tabIndex={-1}
        className="text-2xl font-semibold tracking-tight focus:outline-none"
      >
        Contact Support
      </h2>
      <p className="mt-1 text-sm text-muted-foreground">
        Tell us what happened and our team will get back to you within 1-2 business days.
      </p>
      <form onSubmit={onSubmit} noValidate aria-labelledby={headingId} className="mt-6 flex flex-col gap-5">
        <SelectField
          ref={subjectRef}
          label="Subject"
          name="subject"
          value={subject}
          onChange={(event) => setChosenSubject(event.target.value)}
          options={subjectOptions(subject, prefill.subject)}
          error={errors.subject}
          disabled={send.isPending}
        />
        <PriorityChoices
          ref={priorityRef}
          value={priority}
          onChange={setPriority}
          error={errors.priority}
          disabled={send.isPending}
        />
        <MessageField
          ref={messageRef}
          value={message}
          onChange={setMessage}
          length={length}
          error={errors.message}
          disabled={send.isPending}
        />
        <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
          <Button variant="outline" onClick={onCancel} disabled={send.isPending}>
            Cancel
          </Button>
          <Button type="submit" disabled={send.isPending}>
            <Send aria-hidden="true" />
            {send.isPending ? 'Sending...' : 'Send Message'}
          </Button>
        </div>
      </form>
    </section>
  );
}

interface MessageFieldProps {
  value: string;
  onChange: (value: string) => void;
  /** Characters as the rules count them (supportMessageLength). */
  length: number;
  error?: string;
  disabled: boolean;
  ref: Ref<HTMLTextAreaElement>;
}

/**
 * The message with its live x/2000 counter (spec 001 §5). No maxLength: the browser would count UTF-16
 * units, not characters, and cut pasted text without a word; the counter and the rule say what is wrong.
 */
function MessageField({ value, onChange, length, error, disabled, ref }: MessageFieldProps) {
  const id = useId();
  const counterId = `${id}-counter`;
  const errorId = `${id}-error`;
  return (
    <div className="flex flex-col gap-1.5">
      <label htmlFor={id} className="text-sm font-medium">
        Message
      </label>
      <textarea
        ref={ref}
        id={id}
        name="message"
        rows={6}
        value={value}
        onChange={(event) => onChange(event.target.value)}
        disabled={disabled}
        placeholder="Please describe your issue in detail..."
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? `${counterId} ${errorId}` : counterId}
        className={cn(inputClassName, 'block h-auto resize-y py-2')}
      />
      <div className="flex items-start justify-between gap-3">
        {error ? (
          <p id={errorId} className="text-sm text-destructive">
            {error}
          </p>
        ) : (
          <span />
        )}
        <p
          id={counterId}
          className={cn(
            'shrink-0 text-xs tabular-nums',
            length > SUPPORT_MESSAGE_MAX ? 'font-medium text-destructive' : 'text-muted-foreground',
          )}
        >
          {length}/{SUPPORT_MESSAGE_MAX}
        </p>
      </div>
    </div>
  );
}
