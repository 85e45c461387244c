import { useMutation } from '@tanstack/react-query';
import { Send } from 'lucide-react';
import { useId, type Ref } from 'react';
import { Controller, useForm } from 'react-hook-form';
import { toast } from '../../lib/toast';
import {
  cleanSupportMessage,
  SUPPORT_MESSAGE_MAX,
  SUPPORT_MESSAGES,
  supportMessageLength,
} from '../../../shared/schemas/support';
import { Button } from '../../components/ui/button';
import { TextAreaField } from '../../components/ui/field';
import { SelectField } from '../../components/ui/select-field';
import { cn } from '../../lib/cn';
import { showServerFieldProblems, submitUnlessPending } from '../../lib/form';
import { PriorityChoices } from './priority-choices';
import { sendFailureDescription, sendSupportMessage } from './support-api';
import {
  subjectOptions,
  supportFormResolver,
  type SupportFormData,
  type SupportFormValues,
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

/**
 * The support form (docs/support-and-faq.md#contact-form): subject, priority, message, then POST
 * /api/support/contact.
 */
export function ContactForm({ prefill, orderId, onCancel, onSent }: ContactFormProps) {
  const id = useId();
  const headingRef = useFocusOnMount<HTMLHeadingElement>(true);
  // react-hook-form's defaults: judged at submit, the focus then on the first wrong field, and from then on
  // each field judged as it changes, so a fixed field clears.
  const {
    control,
    handleSubmit,
    setError,
    formState: { errors },
  } = useForm<SupportFormValues, string, SupportFormData>({
    resolver: supportFormResolver,
    // The suggested subject, which holds until the customer picks one (support-form-model.ts).
    context: prefill.subject,
    defaultValues: { subject: null, priority: prefill.priority, message: '' },
  });

  const send = useMutation({
    mutationFn: sendSupportMessage,
    onSuccess: () => {
      toast.success(SUPPORT_MESSAGES.sentTitle, { description: SUPPORT_MESSAGES.sentDescription });
      onSent();
    },
    // The typed message stays in the form, so nothing is lost; a rule the server names a field for shows
    // under that field too.
    onError: (error) => {
      showServerFieldProblems(error, setError, ['subject', 'priority', 'message']);
      toast.error(SUPPORT_MESSAGES.failedTitle, { description: sendFailureDescription(error) });
    },
  });

  const onSubmit = submitUnlessPending(
    send.isPending,
    handleSubmit((data) => send.mutate({ ...data, specificOrderId: orderId })),
  );

  const headingId = `${id}-heading`;
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
        <Controller
          control={control}
          name="subject"
          render={({ field }) => {
            const subject = field.value ?? prefill.subject;
            return (
              <SelectField
                ref={field.ref}
                label="Subject"
                name={field.name}
                value={subject}
                onChange={(event) => field.onChange(event.target.value)}
                options={subjectOptions(subject, prefill.subject)}
                error={errors.subject?.message}
                disabled={send.isPending}
              />
            );
          }}
        />
        <Controller
          control={control}
          name="priority"
          render={({ field }) => (
            <PriorityChoices
              // A failed submit puts the focus on the group's first choice.
              ref={(group) => field.ref(group && { focus: () => group.querySelector('input')?.focus() })}
              value={field.value}
              onChange={field.onChange}
              error={errors.priority?.message}
              disabled={send.isPending}
            />
          )}
        />
        <Controller
          control={control}
          name="message"
          render={({ field }) => (
            <MessageField
              ref={field.ref}
              value={field.value}
              onChange={field.onChange}
              // Counted as the rule counts it: what surrounds the text (a pasted trailing line break) is
              // trimmed off before sending, so it does not count towards 10 or 2000 either.
              length={supportMessageLength(cleanSupportMessage(field.value))}
              error={errors.message?.message}
              disabled={send.isPending}
            />
          )}
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
 * The message with its live x/2000 counter (docs/support-and-faq.md#contact-form). No maxLength: the browser
 * would count UTF-16 units, not characters, and cut pasted text without a word; the counter and the rule say
 * what is wrong.
 */
function MessageField({ value, onChange, length, error, disabled, ref }: MessageFieldProps) {
  return (
    <TextAreaField
      ref={ref}
      label="Message"
      name="message"
      rows={6}
      value={value}
      onChange={(event) => onChange(event.target.value)}
      disabled={disabled}
      placeholder="Please describe your issue in detail..."
      textAreaClassName="resize-y"
      error={error}
      hint={
        <p
          className={cn(
            'text-right tabular-nums',
            length > SUPPORT_MESSAGE_MAX && 'font-medium text-destructive',
          )}
        >
          {length}/{SUPPORT_MESSAGE_MAX}
        </p>
      }
    />
  );
}
