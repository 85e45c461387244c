import { useMutation, useQueryClient } from '@tanstack/react-query';
import { ExternalLink } from 'lucide-react';
import { useId, useState } from 'react';
import { useForm, useWatch } from 'react-hook-form';
import { POLICY_PAGES } from '../../../shared/policy-pages';
import {
  POLICY_BODY_MAX,
  policyInputSchema,
  type AdminPolicy,
  type PolicyValues,
} from '../../../shared/schemas/policies';
import { PolicyText } from '../../components/policy-text';
import { Button } from '../../components/ui/button';
import { ConfirmDialog } from '../../components/ui/confirm-dialog';
import { Field, TextAreaField } from '../../components/ui/field';
import { serverMessage } from '../../lib/api';
import { cn } from '../../lib/cn';
import { JUDGED_ON_SUBMIT, schemaResolver, submitUnlessPending } from '../../lib/form';
import { DATE_TIME_FORMAT, formatDate } from '../../lib/format-date';
import { POLICIES_QUERY_KEY } from '../../lib/policies';
import { toast } from '../../lib/toast';
import { adminPoliciesQueryOptions, savePolicy } from './admin-policy-queries';
import { useWarnBeforeLeaving } from './use-warn-before-leaving';

/** What the inputs hold: the text as typed. */
interface PolicyForm {
  title: string;
  body: string;
}

interface PolicyEditorProps {
  policy: AdminPolicy;
  /** Where the footer links instead of this page (TERMS_URL / PRIVACY_URL), or null when it links here. */
  linkedElsewhere: string | null;
}

/**
 * One policy document's editor (docs/admin.md#policies): who saved it last, a link to its public page, Title
 * and Text judged by the API's own schema at submit (ADR 0026), a preview, and Save / Discard changes.
 * While there are unsaved changes the editor says so, and closing the tab asks first.
 */
export function PolicyEditor({ policy, linkedElsewhere }: PolicyEditorProps) {
  const queryClient = useQueryClient();
  const headingId = useId();
  const page = POLICY_PAGES[policy.kind];
  const form = useForm<PolicyForm, unknown, PolicyValues>({
    defaultValues: { title: policy.title, body: policy.body },
    resolver: schemaResolver(policyInputSchema),
    ...JUDGED_ON_SUBMIT,
  });
  const {
    register,
    control,
    formState: { errors, isDirty },
  } = form;
  const body = useWatch({ control, name: 'body' });
  const [confirmingDiscard, setConfirmingDiscard] = useState(false);
  useWarnBeforeLeaving(isDirty);

  const save = useMutation({
    mutationFn: (values: PolicyValues) => savePolicy(policy.kind, values),
    onSuccess: (saved) => {
      // The saved text, as the server trimmed it, is the form's new starting point.
      form.reset({ title: saved.title, body: saved.body });
      queryClient.setQueryData(adminPoliciesQueryOptions.queryKey, (list) =>
        list?.map((entry) => (entry.kind === saved.kind ? saved : entry)),
      );
      void queryClient.invalidateQueries({ queryKey: POLICIES_QUERY_KEY });
      toast.success(`${page.label} saved`, { description: 'The public page shows the new text.' });
    },
    onError: (error) => {
      toast.error(`Error saving ${page.label}`, {
        description: serverMessage(error, 'Failed to save the policy'),
      });
    },
  });
  const onSubmit = submitUnlessPending(
    save.isPending,
    form.handleSubmit((values) => save.mutate(values)),
  );

  const tooLong = body.length > POLICY_BODY_MAX;

  return (
    <section
      aria-labelledby={headingId}
      className="space-y-5 rounded-xl border border-border bg-card p-4 shadow-sm sm:p-6"
    >
      <div className="flex flex-col gap-3 sm:flex-row sm:items-start sm:justify-between">
        <div className="min-w-0">
          <h2 id={headingId} className="text-base font-semibold">
            {page.label}
          </h2>
          <p className="mt-1 text-sm text-muted-foreground">
            {policy.updatedBy
              ? `Last saved ${formatDate(policy.updatedAt, DATE_TIME_FORMAT)} by ${policy.updatedBy.name}`
              : 'Starter text, not edited yet. Review it before the portal opens.'}
          </p>
        </div>
        <Button asChild variant="outline" size="sm" className="self-start">
          <a href={page.path} target="_blank" rel="noopener noreferrer">
            <ExternalLink aria-hidden="true" />
            View public page
            <span className="sr-only"> of the {page.label} (opens in a new tab)</span>
          </a>
        </Button>
      </div>

      {linkedElsewhere ? (
        <p className="rounded-md border border-border bg-muted px-3 py-2 text-sm break-words">
          The footer links to <span className="font-medium">{linkedElsewhere}</span> instead of this page (set
          on the server). This text shows only to someone who opens {page.path} directly.
        </p>
      ) : null}

      <form noValidate onSubmit={onSubmit} className="space-y-4" aria-labelledby={headingId}>
        <Field label="Title" autoComplete="off" {...register('title')} error={errors.title?.message} />
        <TextAreaField
          label="Text"
          rows={16}
          {...register('body')}
          textAreaClassName="min-h-64 leading-6"
          error={errors.body?.message}
          hint={
            <div className="flex flex-col gap-1 sm:flex-row sm:justify-between sm:gap-4">
              <p>
                A blank line starts a paragraph. A line starting with <code>##</code> is a heading, with{' '}
                <code>-</code> a bullet, with <code>1.</code> a numbered item; <code>**bold**</code> is bold.
                https:// and e-mail addresses become links.
              </p>
              <p className={cn('shrink-0 tabular-nums', tooLong && 'font-medium text-destructive')}>
                {body.length.toLocaleString('en-US')} / {POLICY_BODY_MAX.toLocaleString('en-US')} characters
              </p>
            </div>
          }
        />

        <details className="rounded-md border border-border">
          <summary className="cursor-pointer rounded-md px-3 py-2 text-sm font-medium">Preview</summary>
          <div className="border-t border-border px-3 py-4">
            {body.trim() ? (
              <PolicyText body={body} />
            ) : (
              <p className="text-sm text-muted-foreground">
                No text: the page says it has not been published yet.
              </p>
            )}
          </div>
        </details>

        <div className="flex flex-col gap-2 sm:flex-row sm:items-center">
          <p role="status" className="text-sm text-muted-foreground empty:hidden">
            {isDirty ? 'Unsaved changes' : ''}
          </p>
          <div className="flex flex-col-reverse gap-2 sm:ml-auto sm:flex-row">
            <Button
              variant="outline"
              disabled={!isDirty || save.isPending}
              onClick={() => setConfirmingDiscard(true)}
            >
              Discard changes
            </Button>
            <Button type="submit" disabled={!isDirty || save.isPending}>
              {save.isPending ? 'Saving…' : `Save ${page.label}`}
            </Button>
          </div>
        </div>
      </form>
      <ConfirmDialog
        open={confirmingDiscard}
        title="Discard changes?"
        description={`Your changes to the ${page.label} since the last save will be lost.`}
        confirmLabel="Discard changes"
        onConfirm={() => {
          form.reset();
          setConfirmingDiscard(false);
        }}
        onCancel={() => setConfirmingDiscard(false)}
      />
    </section>
  );
}
