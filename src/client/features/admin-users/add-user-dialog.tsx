import { createUserRequestSchema, PASSWORD_RULES_HINT } from '../../../shared/schemas/admin-users';
import { Dialog } from '../../components/ui/dialog';
import { Field, FormAlert } from '../../components/ui/field';
import { FormActions } from '../../components/ui/form-actions';
import { SelectField } from '../../components/ui/select-field';
import { useSchemaForm } from '../../lib/use-schema-form';
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
 * 'Add User' (spec 001 §2 'Users section', §5 'Add user'): every field is required ('All fields are
 * required'), the password rules apply, either role. The form is judged by the API's own schema, so the
 * messages are the server's; the server judges it again and also refuses a taken username or e-mail.
 */
export function AddUserDialog({ open, onClose }: { open: boolean; onClose: () => void }) {
  return open ? <AddUserDialogContent onClose={onClose} /> : null;
}

function AddUserDialogContent({ onClose }: { onClose: () => void }) {
  const { values: form, set, problem, handleSubmit } = useSchemaForm(createUserRequestSchema, EMPTY_FORM);
  const create = useCreateUser({ onCreated: onClose });

  return (
    <Dialog
      open
      onClose={onClose}
      title="Add User"
      description="The account is approved at once. Customers sign in with a link sent to their e-mail; administrators sign in at /admin/login with the username and password."
    >
      <form
        onSubmit={handleSubmit(create.isPending, create.mutate)}
        noValidate
        className="flex flex-col gap-4"
      >
        <div className="grid gap-4 sm:grid-cols-2">
          <Field
            label="First Name"
            name="firstName"
            autoComplete="off"
            required
            maxLength={100}
            value={form.firstName}
            onChange={set('firstName')}
          />
          <Field
            label="Last Name"
            name="lastName"
            autoComplete="off"
            required
            maxLength={100}
            value={form.lastName}
            onChange={set('lastName')}
          />
        </div>
        <Field
          label="Business Name"
          name="businessName"
          autoComplete="off"
          required
          maxLength={200}
          value={form.businessName}
          onChange={set('businessName')}
        />
        <Field
          label="Email"
          name="email"
          type="email"
          autoComplete="off"
          required
          maxLength={254}
          value={form.email}
          onChange={set('email')}
        />
        <Field
          label="Username"
          name="username"
          autoComplete="off"
          autoCapitalize="none"
          spellCheck={false}
          required
          maxLength={100}
          value={form.username}
          onChange={set('username')}
        />
        <Field
          label="Password"
          name="password"
          type="password"
          autoComplete="new-password"
          required
          maxLength={100}
          value={form.password}
          onChange={set('password')}
          hint={PASSWORD_RULES_HINT}
        />
        <SelectField
          label="Role"
          name="role"
          required
          value={form.role}
          onChange={set('role')}
          options={ROLE_OPTIONS}
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
