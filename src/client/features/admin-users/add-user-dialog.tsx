import { Controller, useForm } from 'react-hook-form';
import {
  ADMIN_USERS_CONFLICTS,
  ADMIN_USERS_MESSAGES,
  createUserRequestSchema,
  PASSWORD_RULES_HINT,
  type CreateUserRequest,
} from '../../../shared/schemas/admin-users';
import { Dialog } from '../../components/ui/dialog';
import { Field, FormAlert } from '../../components/ui/field';
import { FormActions } from '../../components/ui/form-actions';
import { SelectField } from '../../components/ui/select-field';
import {
  fieldMessage,
  formWideProblem,
  JUDGED_ON_SUBMIT,
  schemaResolver,
  showServerFieldProblems,
  submitUnlessPending,
} from '../../lib/form';
import { serverMessage } from '../../lib/api';
import { ROLE_OPTIONS } from './format';
import { useCreateUser } from './users-api';

interface UserForm {
  username: string;
  password: string;
  email: string;
  firstName: string;
  lastName: string;
  businessName: string;
  role: string;
}

const EMPTY_FORM: UserForm = {
  username: '',
  password: '',
  email: '',
  firstName: '',
  lastName: '',
  businessName: '',
  role: '',
};

/** The fields in the order the form shows them. */
const FIELD_ORDER: ReadonlyArray<keyof UserForm> = [
  'firstName',
  'lastName',
  'businessName',
  'email',
  'username',
  'password',
  'role',
];

/** The 409s that are about one field. */
const TAKEN_FIELDS: Partial<Record<string, keyof UserForm>> = {
  [ADMIN_USERS_CONFLICTS.usernameTaken]: 'username',
  [ADMIN_USERS_CONFLICTS.emailTaken]: 'email',
};

/**
 * 'Add User' (docs/admin.md#users): every field is required ('All fields are
 * required', with each empty field named under itself), the password rules apply, either role. The form is judged by the API's own schema, so the
 * messages are the server's; the server judges it again and also refuses a taken username or e-mail.
 */
export function AddUserDialog({ open, onClose }: { open: boolean; onClose: () => void }) {
  return open ? <AddUserDialogContent onClose={onClose} /> : null;
}

function AddUserDialogContent({ onClose }: { onClose: () => void }) {
  const {
    register,
    control,
    handleSubmit,
    setError,
    formState: { errors },
  } = useForm<UserForm, unknown, CreateUserRequest>({
    resolver: schemaResolver(createUserRequestSchema),
    defaultValues: EMPTY_FORM,
    ...JUDGED_ON_SUBMIT,
  });
  const create = useCreateUser({ onCreated: onClose });
  // The refusal is toasted (useCreateUser); a taken name, or a rule the server names a field for, also shows
  // under that field, which takes the focus.
  const showRefusalOnField = (error: unknown) => {
    const message = serverMessage(error, '');
    const taken = TAKEN_FIELDS[message];
    if (taken) setError(taken, { type: 'server', message }, { shouldFocus: true });
    else showServerFieldProblems(error, setError, FIELD_ORDER);
  };
  // 'All fields are required' once, above the buttons; each empty field says '{label} is required'.
  const problem = formWideProblem(errors, ADMIN_USERS_MESSAGES.allFieldsRequired);
  const error = (name: keyof UserForm, label: string) =>
    fieldMessage(errors[name], label, ADMIN_USERS_MESSAGES.allFieldsRequired);

  return (
    <Dialog
      open
      onClose={onClose}
      title="Add User"
      description="The account is approved at once. Customers sign in with a link sent to their e-mail; administrators sign in at /admin/login with the username and password."
    >
      <form
        onSubmit={submitUnlessPending(
          create.isPending,
          handleSubmit((values) => create.mutate(values, { onError: showRefusalOnField })),
        )}
        noValidate
        className="flex flex-col gap-4"
      >
        <div className="grid gap-4 sm:grid-cols-2">
          <Field
            label="First Name"
            autoComplete="off"
            required
            maxLength={100}
            {...register('firstName')}
            error={error('firstName', 'First Name')}
          />
          <Field
            label="Last Name"
            autoComplete="off"
            required
            maxLength={100}
            {...register('lastName')}
            error={error('lastName', 'Last Name')}
          />
        </div>
        <Field
          label="Business Name"
          autoComplete="off"
          required
          maxLength={200}
          {...register('businessName')}
          error={error('businessName', 'Business Name')}
        />
        <Field
          label="Email"
          type="email"
          autoComplete="off"
          required
          maxLength={254}
          {...register('email')}
          error={error('email', 'Email')}
        />
        <Field
          label="Username"
          autoComplete="off"
          autoCapitalize="none"
          spellCheck={false}
          required
          maxLength={100}
          {...register('username')}
          error={error('username', 'Username')}
        />
        <Field
          label="Password"
          type="password"
          autoComplete="new-password"
          required
          maxLength={100}
          {...register('password')}
          error={error('password', 'Password')}
          hint={PASSWORD_RULES_HINT}
        />
        <Controller
          control={control}
          name="role"
          render={({ field }) => (
            <SelectField
              label="Role"
              required
              {...field}
              options={ROLE_OPTIONS}
              error={error('role', 'Role')}
            />
          )}
        />
        {problem ? <FormAlert>{problem}</FormAlert> : null}
        <FormActions
          onCancel={onClose}
          pending={create.isPending}
          label="Create User"
          pendingLabel="Creating..."
        />
      </form>
    </Dialog>
  );
}
