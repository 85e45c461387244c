import { useMutation } from '@tanstack/react-query';
import { CircleCheck } from 'lucide-react';
import { useForm } from 'react-hook-form';
import { toast } from '../../lib/toast';
import {
  emailSchema,
  messageResponseSchema,
  INVALID_EMAIL_MESSAGE,
  missingRegistrationFields,
  requiredFieldMessage,
  type RegisterRequest,
} from '../../../shared/schemas/auth';
import { Button } from '../../components/ui/button';
import { Field, FormAlert } from '../../components/ui/field';
import { clearCart } from '../../lib/cart/cart-store';
import { requestJson, serverMessage } from '../../lib/api';
import {
  JUDGED_ON_SUBMIT,
  showServerFieldProblems,
  submitUnlessPending,
  verdictResolver,
  type FormVerdict,
} from '../../lib/form';
import { useStoreConfig } from '../../lib/store-config';

type RegisterFields = Required<RegisterRequest>;

const EMPTY_FORM: RegisterFields = {
  firstName: '',
  lastName: '',
  businessName: '',
  email: '',
  phone: '',
  shippingAddressLine1: '',
  shippingAddressLine2: '',
  shippingCity: '',
  shippingState: '',
  shippingZip: '',
  shippingCountry: 'USA',
};

interface FieldSpec {
  name: keyof RegisterFields;
  label: string;
  type?: string;
  autoComplete: string;
  required: boolean;
  wide?: boolean;
}

const FIELDS: readonly FieldSpec[] = [
  { name: 'firstName', label: 'First Name', autoComplete: 'given-name', required: true },
  { name: 'lastName', label: 'Last Name', autoComplete: 'family-name', required: true },
  { name: 'businessName', label: 'Business Name', autoComplete: 'organization', required: true, wide: true },
  { name: 'email', label: 'Email', type: 'email', autoComplete: 'email', required: true },
  { name: 'phone', label: 'Phone', type: 'tel', autoComplete: 'tel', required: true },
  {
    name: 'shippingAddressLine1',
    label: 'Shipping Address Line 1',
    autoComplete: 'address-line1',
    required: true,
    wide: true,
  },
  {
    name: 'shippingAddressLine2',
    label: 'Shipping Address Line 2 (optional)',
    autoComplete: 'address-line2',
    required: false,
    wide: true,
  },
  { name: 'shippingCity', label: 'City', autoComplete: 'address-level2', required: true },
  { name: 'shippingState', label: 'State', autoComplete: 'address-level1', required: true },
  { name: 'shippingZip', label: 'ZIP/Postal Code', autoComplete: 'postal-code', required: true },
  { name: 'shippingCountry', label: 'Country', autoComplete: 'country-name', required: false },
];

const FIELD_NAMES = FIELDS.map((field) => field.name);

/**
 * Every value trimmed, then each required field left empty ('Phone is required', under the field), then the
 * e-mail address (docs/accounts-and-roles.md#registration); the server judges the same way and answers with
 * the spec's 'Missing Required Fields: Please provide: {list}'.
 */
function judgeRegistration(form: RegisterFields): FormVerdict<RegisterFields, RegisterRequest> {
  const body: RegisterRequest = Object.fromEntries(
    Object.entries(form).map(([key, value]) => [key, value.trim()]),
  );
  const missing = missingRegistrationFields(body);
  if (missing.length > 0) {
    return {
      ok: false,
      problems: Object.fromEntries(missing.map((field) => [field, requiredFieldMessage(field)])),
    };
  }
  if (!emailSchema.safeParse(body.email).success) {
    return { ok: false, problems: { email: INVALID_EMAIL_MESSAGE } };
  }
  return { ok: true, values: body };
}

/**
 * Register tab (docs/accounts-and-roles.md#registration): the application form, then 'Registration
 * Submitted'.
 */
export function RegisterForm({ onGoToSignIn }: { onGoToSignIn: () => void }) {
  const {
    register,
    handleSubmit,
    setError,
    formState: { errors },
  } = useForm<RegisterFields, unknown, RegisterRequest>({
    resolver: verdictResolver(judgeRegistration),
    defaultValues: EMPTY_FORM,
    ...JUDGED_ON_SUBMIT,
  });
  const registration = useMutation({
    mutationFn: (body: RegisterRequest) =>
      requestJson('/api/register', messageResponseSchema, { method: 'POST', body }),
    onSuccess: () => {
      clearCart();
      toast.success('Registration submitted', {
        description: 'Your application was submitted for review. We will notify you once it is approved.',
      });
    },
    onError: (error) => {
      const message = serverMessage(error, 'Could not create account');
      // A refusal that names fields shows under them; any other stays on the form (the toast goes), until
      // the next submit.
      if (!showServerFieldProblems(error, setError, FIELD_NAMES)) {
        setError('root.server', { type: 'server', message });
      }
      toast.error('Registration failed', { description: message });
    },
  });

  if (registration.isSuccess) return <RegistrationSubmitted onGoToSignIn={onGoToSignIn} />;

  const problem = errors.root?.server?.message;
  const onSubmit = submitUnlessPending(
    registration.isPending,
    handleSubmit((body) => registration.mutate(body)),
  );

  return (
    <form onSubmit={onSubmit} noValidate className="flex flex-col gap-4">
      <div className="grid gap-4 sm:grid-cols-2">
        {FIELDS.map((field) => (
          <Field
            key={field.name}
            label={field.label}
            type={field.type ?? 'text'}
            autoComplete={field.autoComplete}
            required={field.required}
            className={field.wide ? 'sm:col-span-2' : undefined}
            {...register(field.name)}
            error={errors[field.name]?.message}
          />
        ))}
      </div>
      {problem ? <FormAlert>{problem}</FormAlert> : null}
      <Button type="submit" disabled={registration.isPending}>
        {registration.isPending ? 'Creating Account...' : 'Create Account'}
      </Button>
    </form>
  );
}

function RegistrationSubmitted({ onGoToSignIn }: { onGoToSignIn: () => void }) {
  const { data: config } = useStoreConfig();
  const supportEmail = config?.supportEmail;
  return (
    <div role="status" className="flex flex-col items-center gap-3 py-6 text-center">
      <CircleCheck aria-hidden="true" className="size-12 text-primary" />
      <h2 className="text-2xl font-semibold">Registration Submitted</h2>
      <p className="text-muted-foreground">
        Thank you for registering. Our team will review your application within 48 hours, and you will receive
        an e-mail once your account is approved.
      </p>
      {supportEmail ? (
        <p className="text-sm text-muted-foreground">
          Questions? Contact us at{' '}
          <a href={`mailto:${supportEmail}`} className="text-primary underline underline-offset-4">
            {supportEmail}
          </a>
          .
        </p>
      ) : null}
      <Button type="button" className="mt-2" onClick={onGoToSignIn}>
        Go to Sign In
      </Button>
    </div>
  );
}
