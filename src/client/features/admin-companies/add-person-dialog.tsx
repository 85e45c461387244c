import { useQuery } from '@tanstack/react-query';
import { useId, useState, type FormEvent } from 'react';
import { COMPANY_ROLE_LABELS, COMPANY_ROLES, type CompanyRole } from '../../../shared/company-roles';
import { companyRoleSchema } from '../../../shared/schemas/admin-companies';
import { fullName } from '../../../shared/user-name';
import { Dialog } from '../../components/ui/dialog';
import { Field } from '../../components/ui/field';
import { FormActions } from '../../components/ui/form-actions';
import { SelectField } from '../../components/ui/select-field';
import { customersQueryOptions, useAddMember } from './companies-api';

export const ADD_PERSON_MESSAGES = {
  emailRequired: "Enter the customer's e-mail",
  noSuchCustomer: 'No customer has this e-mail',
  alreadyMember: 'This person is already a member of this company',
} as const;

const ROLE_OPTIONS = COMPANY_ROLES.map((role) => ({ value: role, label: COMPANY_ROLE_LABELS[role] }));

interface AddPersonDialogProps {
  open: boolean;
  company: { id: number; name: string };
  memberIds: readonly number[];
  onClose: () => void;
}

/**
 * 'Add person' (docs/companies.md#admin-companies): an existing customer, found by e-mail (the field
 * suggests the customers' addresses), joins the company with a role and leaves their own company.
 */
export function AddPersonDialog(props: AddPersonDialogProps) {
  return props.open ? <AddPersonForm {...props} /> : null;
}

function AddPersonForm({ company, memberIds, onClose }: AddPersonDialogProps) {
  const customers = useQuery(customersQueryOptions);
  const [email, setEmail] = useState('');
  const [role, setRole] = useState<CompanyRole>('buyer');
  const [problem, setProblem] = useState<string | null>(null);
  const add = useAddMember(company.id, { onDone: onClose });
  const listId = useId();
  const candidates = (customers.data ?? []).filter(
    (user) => user.role === 'customer' && !memberIds.includes(user.id),
  );

  function onSubmit(event: FormEvent) {
    event.preventDefault();
    if (add.isPending) return;
    const wanted = email.trim().toLowerCase();
    if (wanted === '') return setProblem(ADD_PERSON_MESSAGES.emailRequired);
    const customer = customers.data?.find((user) => user.role === 'customer' && user.email === wanted);
    if (!customer) return setProblem(ADD_PERSON_MESSAGES.noSuchCustomer);
    if (memberIds.includes(customer.id)) return setProblem(ADD_PERSON_MESSAGES.alreadyMember);
    setProblem(null);
    add.mutate({ userId: customer.id, role });
  }

  const chosen = customers.data?.find((user) => user.email === email.trim().toLowerCase());

  return (
    <Dialog
      open
      onClose={onClose}
      title="Add person"
      description={`Move an existing customer into ${company.name}. They leave their own company, which keeps its orders.`}
    >
      <form onSubmit={onSubmit} noValidate className="flex flex-col gap-4">
        <Field
          label="Customer e-mail"
          type="email"
          autoComplete="off"
          list={listId}
          value={email}
          required
          error={problem}
          hint={
            chosen && chosen.role === 'customer'
              ? `${fullName(chosen)}, now at ${chosen.company?.name ?? 'no company'}`
              : customers.isPending
                ? 'Loading customers...'
                : undefined
          }
          onChange={(event) => {
            setEmail(event.target.value);
            setProblem(null);
          }}
        />
        <datalist id={listId}>
          {candidates.map((user) => (
            <option key={user.id} value={user.email}>
              {fullName(user)}
            </option>
          ))}
        </datalist>
        <SelectField
          label="Role in the company"
          value={role}
          options={ROLE_OPTIONS}
          onChange={(event) => {
            const next = companyRoleSchema.safeParse(event.target.value);
            if (next.success) setRole(next.data);
          }}
        />
        <FormActions
          onCancel={onClose}
          pending={add.isPending}
          disabled={customers.isPending}
          label="Add person"
          pendingLabel="Adding..."
        />
      </form>
    </Dialog>
  );
}
