// @vitest-environment happy-dom
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import type { PolicyKind } from '../../../../shared/policy-pages';
import { POLICY_MESSAGES, type AdminPolicy } from '../../../../shared/schemas/policies';
import { toast } from '../../../lib/toast';
import { testConfig } from '../../../test-support/api-fixtures';
import { registerCartTestHooks } from '../../../test-support/component-test-hooks';
import { renderWithProviders } from '../../../test-support/render-app';
import { errorResponse, jsonResponse, requestBody, requestUrl } from '../../../test-support/stub-fetch';
import { PoliciesSection } from './policies-section';

registerCartTestHooks();

const SAVED_AT = '2031-03-05T15:30:00.000Z';

/** The admin Policies API behind fetch: both documents, saves applied, one answer replaceable. */
function fakePoliciesApi(options: { termsUrl?: string } = {}) {
  const policies: AdminPolicy[] = [
    {
      kind: 'terms',
      title: 'Terms & Conditions',
      body: 'These terms apply.\n\n## Orders\n\n- Full cases',
      updatedAt: '2031-01-01T00:00:00.000Z',
      updatedBy: null,
    },
    {
      kind: 'privacy',
      title: 'Privacy Policy',
      body: 'We keep little.',
      updatedAt: '2031-02-01T10:00:00.000Z',
      updatedBy: { id: 1, name: 'Ada Admin' },
    },
  ];
  const saves: { kind: string; body: unknown }[] = [];
  let nextAnswer: (() => Response | Promise<Response>) | null = null;
  let listAnswer: (() => Response) | null = null;

  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
      const { pathname } = new URL(requestUrl(input), 'http://localhost');
      if (pathname === '/api/config') {
        return jsonResponse({
          ...testConfig,
          termsUrl: options.termsUrl ?? '/terms',
          privacyUrl: '/privacy',
        });
      }
      if (pathname === '/api/admin/policies') return listAnswer ? listAnswer() : jsonResponse(policies);
      const kind = pathname.split('/').at(-1) as PolicyKind;
      if (pathname.startsWith('/api/admin/policies/') && init?.method === 'PUT') {
        const body = JSON.parse(requestBody(init)) as { title: string; body: string };
        saves.push({ kind, body });
        if (nextAnswer) {
          const answer = nextAnswer;
          nextAnswer = null;
          return answer();
        }
        const index = policies.findIndex((policy) => policy.kind === kind);
        policies[index] = {
          kind,
          title: body.title.trim(),
          body: body.body.trim(),
          updatedAt: SAVED_AT,
          updatedBy: { id: 2, name: 'Portal Administrator' },
        };
        return jsonResponse(policies[index]);
      }
      return errorResponse(404, `No stub for ${pathname}`);
    }),
  );
  return {
    saves,
    answerNextSave(answer: () => Response | Promise<Response>) {
      nextAnswer = answer;
    },
    answerList(answer: (() => Response) | null) {
      listAnswer = answer;
    },
  };
}

let api: ReturnType<typeof fakePoliciesApi>;
beforeEach(() => {
  api = fakePoliciesApi();
});

/** One document's editor, found by its heading. */
async function editor(label: string) {
  const heading = await screen.findByRole('heading', { level: 2, name: label });
  return within(heading.closest('section')!);
}

describe('admin Policies section (docs/admin.md#policies)', () => {
  it('shows an editor per document with who saved it last and a link to its public page', async () => {
    renderWithProviders(<PoliciesSection />);
    expect(screen.getByRole('heading', { level: 1, name: 'Policies' })).toBeInTheDocument();
    expect(screen.getByText('Loading policies...')).toBeInTheDocument();

    const terms = await editor('Terms & Conditions');
    expect(terms.getByLabelText<HTMLInputElement>('Title').value).toBe('Terms & Conditions');
    expect(terms.getByLabelText<HTMLTextAreaElement>('Text').value).toBe(
      'These terms apply.\n\n## Orders\n\n- Full cases',
    );
    expect(
      terms.getByText('Starter text, not edited yet. Review it before the portal opens.'),
    ).toBeInTheDocument();
    const view = terms.getByRole('link', { name: /View public page/ });
    expect(view.getAttribute('href')).toBe('/terms');
    expect(view.getAttribute('target')).toBe('_blank');
    expect(view).toHaveAccessibleName('View public page of the Terms & Conditions (opens in a new tab)');
    expect(terms.getByRole('button', { name: 'Save Terms & Conditions' })).toBeDisabled();

    const privacy = await editor('Privacy Policy');
    expect(privacy.getByText(/^Last saved Feb 1, 2031 .+ by Ada Admin$/)).toBeInTheDocument();
    expect(privacy.getByRole('link', { name: /View public page/ }).getAttribute('href')).toBe('/privacy');
    expect(screen.queryByText(/The footer links to/)).toBeNull();
  });

  it('saves an edit: the trimmed text is sent, success is announced and the form starts from what was saved', async () => {
    renderWithProviders(<PoliciesSection />);
    const privacy = await editor('Privacy Policy');
    fireEvent.change(privacy.getByLabelText('Text'), { target: { value: '  We keep **nothing** more.\n' } });

    expect(privacy.getByRole('status')).toHaveTextContent('Unsaved changes');
    fireEvent.click(privacy.getByRole('button', { name: 'Save Privacy Policy' }));

    await waitFor(() =>
      expect(toast.success).toHaveBeenCalledWith('Privacy Policy saved', {
        description: 'The public page shows the new text.',
      }),
    );
    expect(api.saves).toEqual([
      { kind: 'privacy', body: { title: 'Privacy Policy', body: 'We keep **nothing** more.' } },
    ]);
    await waitFor(() =>
      expect(privacy.getByLabelText<HTMLTextAreaElement>('Text').value).toBe('We keep **nothing** more.'),
    );
    expect(privacy.getByRole('status')).toBeEmptyDOMElement();
    expect(privacy.getByRole('button', { name: 'Save Privacy Policy' })).toBeDisabled();
    expect(privacy.getByText(/^Last saved Mar 5, 2031 .+ by Portal Administrator$/)).toBeInTheDocument();
  });

  it('shows the schema’s message on the field and sends nothing while the title is empty', async () => {
    renderWithProviders(<PoliciesSection />);
    const terms = await editor('Terms & Conditions');
    fireEvent.change(terms.getByLabelText('Title'), { target: { value: '   ' } });
    fireEvent.click(terms.getByRole('button', { name: 'Save Terms & Conditions' }));

    expect(await terms.findByText(POLICY_MESSAGES.titleRequired)).toBeInTheDocument();
    expect(terms.getByLabelText('Title')).toHaveAccessibleDescription(POLICY_MESSAGES.titleRequired);
    expect(api.saves).toEqual([]);
  });

  it("says why a save failed, with the server's message, and keeps the edit", async () => {
    renderWithProviders(<PoliciesSection />);
    const terms = await editor('Terms & Conditions');
    api.answerNextSave(() => errorResponse(400, 'Text must be at most 30,000 characters'));
    fireEvent.change(terms.getByLabelText('Text'), { target: { value: 'Edited terms.' } });
    fireEvent.click(terms.getByRole('button', { name: 'Save Terms & Conditions' }));

    await waitFor(() =>
      expect(toast.error).toHaveBeenCalledWith('Error saving Terms & Conditions', {
        description: 'Text must be at most 30,000 characters',
      }),
    );
    expect(terms.getByLabelText<HTMLTextAreaElement>('Text').value).toBe('Edited terms.');
    expect(terms.getByRole('status')).toHaveTextContent('Unsaved changes');
    expect(terms.getByRole('button', { name: 'Save Terms & Conditions' })).toBeEnabled();
  });

  it('asks before discarding changes, and only then puts the saved text back', async () => {
    renderWithProviders(<PoliciesSection />);
    const terms = await editor('Terms & Conditions');
    fireEvent.change(terms.getByLabelText('Text'), { target: { value: 'Half-written terms' } });

    fireEvent.click(terms.getByRole('button', { name: 'Discard changes' }));
    const dialog = within(await screen.findByRole('dialog', { name: 'Discard changes?' }));
    fireEvent.click(dialog.getByRole('button', { name: 'Cancel' }));
    expect(terms.getByLabelText<HTMLTextAreaElement>('Text').value).toBe('Half-written terms');

    fireEvent.click(terms.getByRole('button', { name: 'Discard changes' }));
    fireEvent.click(
      within(await screen.findByRole('dialog', { name: 'Discard changes?' })).getByRole('button', {
        name: 'Discard changes',
      }),
    );
    await waitFor(() =>
      expect(terms.getByLabelText<HTMLTextAreaElement>('Text').value).toBe(
        'These terms apply.\n\n## Orders\n\n- Full cases',
      ),
    );
    expect(api.saves).toEqual([]);
  });

  it('asks before the tab is closed or reloaded while there are unsaved changes, not otherwise', async () => {
    renderWithProviders(<PoliciesSection />);
    const terms = await editor('Terms & Conditions');
    const leave = () => {
      const event = new Event('beforeunload', { cancelable: true });
      window.dispatchEvent(event);
      return event.defaultPrevented;
    };
    expect(leave()).toBe(false);
    fireEvent.change(terms.getByLabelText('Title'), { target: { value: 'Terms of Sale' } });
    await waitFor(() => expect(leave()).toBe(true));
  });

  it('previews the text with its markings as the public page shows them', async () => {
    renderWithProviders(<PoliciesSection />);
    const terms = await editor('Terms & Conditions');
    fireEvent.click(terms.getByText('Preview'));
    expect(terms.getByRole('heading', { level: 2, name: 'Orders' })).toBeInTheDocument();
    expect(terms.getByRole('listitem')).toHaveTextContent('Full cases');
  });

  it('says when the footer links elsewhere (TERMS_URL)', async () => {
    api = fakePoliciesApi({ termsUrl: 'https://shop.example.com/policies/terms-of-service' });
    renderWithProviders(<PoliciesSection />);
    const terms = await editor('Terms & Conditions');
    expect(
      await terms.findByText('https://shop.example.com/policies/terms-of-service', { exact: false }),
    ).toBeInTheDocument();
    const privacy = await editor('Privacy Policy');
    expect(privacy.queryByText(/The footer links to/)).toBeNull();
  });

  it('shows a load failure with Retry', async () => {
    api.answerList(() => errorResponse(500, 'The database is not reachable.'));
    renderWithProviders(<PoliciesSection />);

    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('Failed to load policies: The database is not reachable.');
    api.answerList(null);
    fireEvent.click(within(alert).getByRole('button', { name: 'Retry' }));
    expect(await screen.findByRole('heading', { level: 2, name: 'Privacy Policy' })).toBeInTheDocument();
  });
});
