import { Controller, useForm } from 'react-hook-form';
import {
  createUserRequestSchema,
  PASSWORD_RULES_HINT,
  type CreateUserRequest,
} from '../../../shared/schemas/admin-users';
import { Dialog } from '../../components/ui/dialog';
import { Field, FormAlert } from '../../components/ui/field';
import { FormActions } from '../../components/ui/form-actions';
import { SelectField } from '../../components/ui/select-field';
import { firstErrorMessage, JUDGED_ON_SUBMIT, schemaResolver, submitUnlessPending } from '../../lib/form';
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

/**
 * 'Add User' (docs/admin.md#users): every field is required ('All fields are
 * required'), the password rules apply, either role. The form is judged by the API's own schema, so the
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
    formState: { errors },
  } = useForm<UserForm, unknown, CreateUserRequest>({
    resolver: schemaResolver(createUserRequestSchema),
    defaultValues: EMPTY_FORM,
    ...JUDGED_ON_SUBMIT,
  });
  const create = useCreateUser({ onCreated: onClose });
  const problem = firstErrorMessage(errors);

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
          handleSubmit((values) => create.mutate(values)),
        )}
        noValidate
        className="flex flex-col gap-4"
      >
        <div className="grid gap-4 sm:grid-cols-2">
          <Field label="First Name" autoComplete="off" required maxLength={100} {...register('firstName')} />
          <Field label="Last Name" autoComplete="off" required maxLength={100} {...register('lastName')} />
        </div>
        <Field
          label="Business Name"
          autoComplete="off"
          required
          maxLength={200}
          {...register('businessName')}
        />
        <Field
          label="Email"
          type="email"
          autoComplete="off"
          required
          maxLength={254}
          {...register('email')}
        />
        <Field
          label="Username"
          autoComplete="off"
          autoCapitalize="none"
          spellCheck={false}
          required
          maxLength={100}
          {...register('username')}
        />
        <Field
          label="Password"
          type="password"
          autoComplete="new-password"
          required
          maxLength={100}
          {...register('password')}
          hint={PASSWORD_RULES_HINT}
        />
        <Controller
          control={control}
          name="role"
          render={({ field }) => <SelectField label="Role" required {...field} options={ROLE_OPTIONS} />}
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
